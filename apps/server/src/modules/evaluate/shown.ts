import { sql } from "kysely";
import type { Db } from "../../db/unit-of-work.ts";
import { purgeTags } from "../../core/cache/public-cache.ts";
import { CacheTag } from "../../core/cache/tags.ts";

/**
 * After what a goods page shows of its evaluations changed (one shown, hidden, deleted, followed up
 * or replied to): goods.evaluate is counted again from the shown rows, as the seed counts it (so it
 * cannot drift under concurrent writers), and the goods' cached pages and data are purged once the
 * unit of work commits. Only the goods' own tag: no goods list shows evaluations.
 */
export async function evaluationsChanged(tx: Db, goodsIds: readonly number[], countsChanged = true): Promise<void> {
  const ids = [...new Set(goodsIds)].filter((goodsId) => goodsId > 0);
  if (ids.length === 0) return;
  if (countsChanged) {
    await tx
      .updateTable("goods")
      .set({ evaluate: sql<number>`(select count(*) from goods_evaluate e where e.goods_id = goods.goods_id and e.is_show = 1)` })
      .where("goods_id", "in", ids)
      .execute();
  }
  await purgeTags({ db: tx }, ids.map(CacheTag.goods));
}
