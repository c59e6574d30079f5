import type { Kysely } from "kysely";
import type { Page, RecommendGoods } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import { paginate, type PageRequest } from "../../core/paging.ts";
import { findGoodsCards } from "./goods-card.ts";

type CategoryLevel = "category_id_3" | "category_id_2" | "category_id_1";

const onSaleGoods = (db: Kysely<DB>) => db.selectFrom("goods").where("goods_state", "=", 1).where("is_delete", "=", 0);

/**
 * Goods like the current one, best sellers first: its leaf category, widened to the parent levels
 * while the narrower one holds fewer goods than a page, so a sparse leaf still fills the box.
 * Without a (known) current goods: the site's best sellers.
 */
export async function recommendGoods(
  db: Kysely<DB>,
  ref: { sku_id?: number; goods_id?: number },
  paging: PageRequest,
): Promise<Page<RecommendGoods>> {
  const current = await findCurrentGoods(db, ref);
  let query = onSaleGoods(db).select(["goods_id", "sale_num"]);
  if (current) {
    query = query.where("goods_id", "!=", current.goods_id);
    const level = await recommendationLevel(db, current, paging.page_size);
    if (level) query = query.where(level, "=", current[level]);
  }
  const page = await paginate(db, query.orderBy("sale_num", "desc").orderBy("goods_id", "desc"), paging);
  const cards = await findGoodsCards(db, page.list.map((row) => row.goods_id));
  return { ...page, list: page.list.flatMap((row) => cards.get(row.goods_id) ?? []) };
}

async function findCurrentGoods(db: Kysely<DB>, ref: { sku_id?: number; goods_id?: number }) {
  if (ref.sku_id === undefined && ref.goods_id === undefined) return undefined;
  let query = db.selectFrom("goods").select(["goods.goods_id", "goods.category_id_1", "goods.category_id_2", "goods.category_id_3"]);
  query =
    ref.sku_id !== undefined
      ? query.where("goods.goods_id", "in", (eb) => eb.selectFrom("goods_sku").select("goods_id").where("sku_id", "=", ref.sku_id ?? 0))
      : query.where("goods.goods_id", "=", ref.goods_id ?? 0);
  return query.executeTakeFirst();
}

/** The narrowest category level with at least `wanted` other goods; the top level otherwise (or none). */
async function recommendationLevel(
  db: Kysely<DB>,
  current: Record<CategoryLevel | "goods_id", number>,
  wanted: number,
): Promise<CategoryLevel | undefined> {
  const levels = (["category_id_3", "category_id_2", "category_id_1"] as const).filter((level) => current[level] > 0);
  for (const level of levels) {
    const row = await onSaleGoods(db)
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where(level, "=", current[level])
      .where("goods_id", "!=", current.goods_id)
      .executeTakeFirst();
    if (Number(row?.count ?? 0) >= wanted) return level;
  }
  return levels[levels.length - 1];
}
