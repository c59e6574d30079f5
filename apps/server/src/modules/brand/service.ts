import type { ExpressionBuilder, Kysely } from "kysely";
import type { BrandInitialCount, BrandItem, Page } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import { fail } from "../../core/errors.ts";
import { paginate, type PageRequest } from "../../core/paging.ts";
import { containsText } from "../store/text-match.ts";

const BRAND_COLUMNS = ["brand_id", "brand_name", "brand_initial", "image_url", "banner", "brand_desc", "is_recommend"] as const;

export interface BrandFilter extends PageRequest {
  brand_initial?: string;
  keyword?: string;
}

/**
 * The brand has at least one goods on sale (the list's own test: on the shelf, not deleted). The
 * wall leaves out brands whose list would be empty; idx_goods_list_brand answers this per brand.
 */
const hasGoodsOnSale = (eb: ExpressionBuilder<DB, "goods_brand">) =>
  eb.exists(
    eb
      .selectFrom("goods")
      .select("goods.goods_id")
      .where("goods.goods_state", "=", 1)
      .where("goods.is_delete", "=", 0)
      .whereRef("goods.brand_id", "=", "goods_brand.brand_id"),
  );

/**
 * Brands with goods on sale by sort then id, of one initial and/or matching a keyword (a few
 * hundred rows: LIKE is fine).
 */
export async function pageBrands(db: Kysely<DB>, filter: BrandFilter): Promise<Page<BrandItem>> {
  let query = db.selectFrom("goods_brand").select(BRAND_COLUMNS).where(hasGoodsOnSale).orderBy("sort").orderBy("brand_id");
  if (filter.brand_initial) query = query.where("brand_initial", "=", filter.brand_initial);
  const keyword = filter.keyword?.trim();
  if (keyword) query = query.where(containsText("brand_name", keyword));
  return paginate(db, query, filter);
}

/** Initials with brands that have goods on sale, A–Z first and "#" (names not starting with a letter) last. */
export async function countBrandInitials(db: Kysely<DB>): Promise<BrandInitialCount[]> {
  const rows = await db
    .selectFrom("goods_brand")
    .select((eb) => ["brand_initial", eb.fn.countAll().as("count")])
    .where(hasGoodsOnSale)
    .groupBy("brand_initial")
    .execute();
  const byLetter = (initial: string) => (initial === "#" ? "\uffff" : initial);
  return rows
    .map((row) => ({ brand_initial: row.brand_initial, count: Number(row.count) }))
    .sort((a, b) => byLetter(a.brand_initial).localeCompare(byLetter(b.brand_initial)));
}

/** One brand, with or without goods on sale (the goods list names its brand filter); else -1 品牌不存在. */
export async function brandInfo(db: Kysely<DB>, brandId: number): Promise<BrandItem> {
  const brand = await db.selectFrom("goods_brand").select(BRAND_COLUMNS).where("brand_id", "=", brandId).executeTakeFirst();
  return brand ?? fail("品牌不存在");
}
