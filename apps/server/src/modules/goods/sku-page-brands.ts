import { sql, type Kysely } from "kysely";
import type { BrandFacet } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import type { DialectName } from "../../db/connect.ts";
import { filteredGoods, type ListFilters } from "./sku-page-query.ts";

/** Brands offered as filters above a list. */
const MAX_BRANDS = 30;

/**
 * The brands of the goods matching the filters (the brand filter itself ignored, so the shopper
 * can switch brands), most goods first, then by the brands' own sort.
 */
export async function listBrandFacets(db: Kysely<DB>, dialect: DialectName, filters: ListFilters): Promise<BrandFacet[]> {
  const filtered = await filteredGoods(db, dialect, { ...filters, brand_id: undefined });
  if (!filtered) return [];
  const rows = await filtered.query
    .innerJoin("goods_brand as brand", "brand.brand_id", "goods.brand_id")
    .select(["brand.brand_id", "brand.brand_name", "brand.image_url", sql<number>`count(*)`.as("goods_count")])
    .groupBy(["brand.brand_id", "brand.brand_name", "brand.image_url", "brand.sort"])
    .orderBy("goods_count", "desc")
    .orderBy("brand.sort")
    .orderBy("brand.brand_id")
    .limit(MAX_BRANDS)
    .execute();
  // Fields named, not spread: see toListItem in sku-page-items.ts.
  return rows.map((row) => ({ brand_id: row.brand_id, brand_name: row.brand_name, image_url: row.image_url, goods_count: Number(row.goods_count) }));
}
