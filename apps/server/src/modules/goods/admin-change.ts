import type { DialectName } from "../../db/connect.ts";
import type { Db } from "../../db/unit-of-work.ts";
import { reindexGoods } from "../search/search-index.ts";
import { purgeGoods } from "./goods-cache.ts";

/**
 * What every staff change of goods ends with, inside its unit of work: the search index rows of
 * these goods rewritten (they commit or roll back with the change) and their cached pages and
 * lists purged once it commits — the storefront list, search and SKU page show the change on the
 * next request, on every process.
 */
export async function goodsChanged(tx: Db, dialect: DialectName, goodsIds: readonly number[]): Promise<void> {
  if (goodsIds.length === 0) return;
  await reindexGoods(tx, dialect, [...goodsIds]);
  await purgeGoods(tx, goodsIds);
}
