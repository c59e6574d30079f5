import type { Kysely } from "kysely";
import type { BrandInitialCount, BrandItem, Page } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import { paginate, type PageRequest } from "../../core/paging.ts";
import { containsText } from "../store/text-match.ts";

const BRAND_COLUMNS = ["brand_id", "brand_name", "brand_initial", "image_url", "banner", "brand_desc", "is_recommend"] as const;

export interface BrandFilter extends PageRequest {
  brand_initial?: string;
  keyword?: string;
}

/** Brands by sort then id, of one initial and/or matching a keyword (a few hundred rows: LIKE is fine). */
export async function pageBrands(db: Kysely<DB>, filter: BrandFilter): Promise<Page<BrandItem>> {
  let query = db.selectFrom("goods_brand").select(BRAND_COLUMNS).orderBy("sort").orderBy("brand_id");
  if (filter.brand_initial) query = query.where("brand_initial", "=", filter.brand_initial);
  const keyword = filter.keyword?.trim();
  if (keyword) query = query.where(containsText("brand_name", keyword));
  return paginate(db, query, filter);
}

/** Initials with brands, A–Z first and "#" (names not starting with a letter) last. */
export async function countBrandInitials(db: Kysely<DB>): Promise<BrandInitialCount[]> {
  const rows = await db
    .selectFrom("goods_brand")
    .select((eb) => ["brand_initial", eb.fn.countAll().as("count")])
    .groupBy("brand_initial")
    .execute();
  const byLetter = (initial: string) => (initial === "#" ? "\uffff" : initial);
  return rows
    .map((row) => ({ brand_initial: row.brand_initial, count: Number(row.count) }))
    .sort((a, b) => byLetter(a.brand_initial).localeCompare(byLetter(b.brand_initial)));
}
