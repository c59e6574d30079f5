import type { Page } from "@shop/contract";
import type { AdminBrand as Brand } from "@shop/contract/domains/admin-catalog";
import type { Db } from "../../db/unit-of-work.ts";
import { expectAffected } from "../../db/conditional.ts";
import { fail } from "../../core/errors.ts";
import { paginate, type PageRequest } from "../../core/paging.ts";
import { CacheTag } from "../../core/cache/tags.ts";
import { pinyinInitial } from "../../seed/pinyin-initial.ts";
import type { CatalogChange } from "../goods/catalog-change.ts";
import { containsText } from "../store/text-match.ts";

/**
 * Brands in the back office (/shopapi/goodsbrand/*). Goods keep their brand's name for lists and
 * search (goods.brand_name): a rename is written onto them and they are re-indexed.
 */

export interface BrandInput {
  brand_name: string;
  /** "" = the name's own initial */
  brand_initial: string;
  image_url: string;
  banner: string;
  brand_desc: string;
  is_recommend: number;
  sort: number;
}

/** Brands by sort then id, each with its goods count (recycle bin included); search_text matches the name. */
export async function pageAdminBrands(db: Db, request: PageRequest & { search_text?: string; brand_id?: number }): Promise<Page<Brand>> {
  let query = db
    .selectFrom("goods_brand")
    .select((eb) => [
      "brand_id", "brand_name", "brand_initial", "image_url", "banner", "brand_desc", "is_recommend", "sort",
      eb.selectFrom("goods").select((inner) => inner.fn.countAll<number>().as("n")).whereRef("goods.brand_id", "=", "goods_brand.brand_id").as("goods_count"),
    ])
    .orderBy("sort")
    .orderBy("brand_id");
  const keyword = request.search_text?.trim();
  if (keyword) query = query.where(containsText("brand_name", keyword));
  if (request.brand_id) query = query.where("brand_id", "=", request.brand_id);
  const page = await paginate(db, query, request);
  return { ...page, list: page.list.map((row) => ({ ...row, goods_count: Number(row.goods_count ?? 0) })) };
}

async function refuseTwin(db: Db, name: string, exceptId = 0): Promise<void> {
  const twin = await db.selectFrom("goods_brand").select("brand_id").where("brand_name", "=", name).where("brand_id", "!=", exceptId).executeTakeFirst();
  if (twin) fail(`已有名为「${name}」的品牌`);
}

const brandRow = (input: BrandInput) => ({ ...input, brand_initial: input.brand_initial || pinyinInitial(input.brand_name) });

// The brand wall, its A–Z bar and the goods lists' brand facets show brands.
const TAGS = [CacheTag.brand];

export async function addBrand(tx: Db, input: BrandInput): Promise<CatalogChange<{ brand_id: number }>> {
  await refuseTwin(tx, input.brand_name);
  const { brand_id } = await tx.insertInto("goods_brand").values(brandRow(input)).returning("brand_id").executeTakeFirstOrThrow();
  return { result: { brand_id }, tags: TAGS };
}

export async function editBrand(tx: Db, brandId: number, input: BrandInput): Promise<CatalogChange<{ brand_id: number }>> {
  const before = await tx.selectFrom("goods_brand").select("brand_name").where("brand_id", "=", brandId).executeTakeFirst();
  if (!before) return fail("品牌不存在");
  await refuseTwin(tx, input.brand_name, brandId);
  await tx.updateTable("goods_brand").set(brandRow(input)).where("brand_id", "=", brandId).execute();
  if (before.brand_name === input.brand_name) return { result: { brand_id: brandId }, tags: TAGS };
  const goodsIds = (await tx.selectFrom("goods").select("goods_id").where("brand_id", "=", brandId).execute()).map((row) => row.goods_id);
  await tx.updateTable("goods").set({ brand_name: input.brand_name }).where("brand_id", "=", brandId).execute();
  return {
    result: { brand_id: brandId },
    tags: [...TAGS, CacheTag.goodsList, ...goodsIds.map(CacheTag.goods)],
    reindex: goodsIds,
    detail: { from_name: before.brand_name },
  };
}

/** Refused while goods (recycle bin included) are of this brand. */
export async function deleteBrand(tx: Db, brandId: number): Promise<CatalogChange<{ brand_id: number }>> {
  const used = await tx.selectFrom("goods").select((eb) => eb.fn.countAll<number>().as("n")).where("brand_id", "=", brandId).executeTakeFirstOrThrow();
  if (Number(used.n) > 0) fail(`还有 ${Number(used.n)} 个商品（含回收站）属于该品牌，请先修改这些商品的品牌`);
  const brand = await tx.selectFrom("goods_brand").select("brand_name").where("brand_id", "=", brandId).executeTakeFirst();
  expectAffected(await tx.deleteFrom("goods_brand").where("brand_id", "=", brandId).executeTakeFirst(), 1, "品牌不存在");
  return { result: { brand_id: brandId }, tags: TAGS, detail: { brand_name: brand?.brand_name } };
}

export async function sortBrand(tx: Db, brandId: number, sort: number): Promise<CatalogChange<{ brand_id: number }>> {
  expectAffected(await tx.updateTable("goods_brand").set({ sort }).where("brand_id", "=", brandId).executeTakeFirst(), 1, "品牌不存在");
  return { result: { brand_id: brandId }, tags: TAGS };
}

