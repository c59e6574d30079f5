import type { Kysely } from "kysely";
import type { GoodsServiceItem, GoodsSkuDetail, GoodsSkuDetailResult, GoodsSkuInfo } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import { yuan } from "../../core/money.ts";
import { sanitizeRichText } from "../../core/sanitize.ts";
import { goodsStockColumn } from "./goods-stock.ts";
import { specFormatFor } from "./detail-spec.ts";
import { findMemberPricing, goodsDiscountPercent, memberPriceCents, FULL_PRICE_PERCENT } from "./detail-member-price.ts";
import { readSetting } from "../site/service.ts";

/** Which SKU: by its id, or the default SKU of a goods. */
export type SkuRef = { sku_id?: number; goods_id?: number };

/** Both tables have sale_num, prices and times: the goods' columns are picked by name, the SKU's win. */
const GOODS_COLUMNS = [
  "goods.goods_name", "goods.goods_class", "goods.category_id", "goods.category_id_1", "goods.category_id_2",
  "goods.category_id_3", "goods.brand_id", "goods.brand_name", "goods.goods_image", "goods.goods_content",
  "goods.goods_state", "goods.is_free_shipping", "goods.introduction", "goods.keywords", "goods.unit",
  "goods.goods_spec_format", "goods.goods_attr_format", "goods.goods_service_ids", "goods.label_name", "goods.video_url",
  "goods.max_buy", "goods.min_buy", "goods.evaluate", "goods.collect_num", "goods.click_num",
] as const;


/**
 * The SKU with its goods, when the goods is on sale (on shelf, not deleted). By goods id: the SKU
 * flagged is_default, else the goods' first SKU.
 */
export async function findSaleableSku(db: Kysely<DB>, ref: SkuRef) {
  let query = db
    .selectFrom("goods_sku")
    .innerJoin("goods", "goods.goods_id", "goods_sku.goods_id")
    .selectAll("goods_sku")
    .select(GOODS_COLUMNS)
    .select(["goods.sale_num as goods_sale_num", "goods.virtual_sale", "goods.is_consume_discount"])
    .select(goodsStockColumn)
    .where("goods.goods_state", "=", 1)
    .where("goods.is_delete", "=", 0);
  query =
    ref.sku_id !== undefined
      ? query.where("goods_sku.sku_id", "=", ref.sku_id)
      : query.where("goods_sku.goods_id", "=", ref.goods_id ?? 0).orderBy("goods_sku.is_default", "desc").orderBy("goods_sku.sku_id");
  return query.limit(1).executeTakeFirst();
}

type SkuWithGoods = NonNullable<Awaited<ReturnType<typeof findSaleableSku>>>;

/** The SKU as the spec switcher needs it; the spec format is computed from all SKUs of the goods. */
async function toSkuInfo(db: Kysely<DB>, row: SkuWithGoods, discountPercent: number): Promise<GoodsSkuInfo> {
  const siblings = await db.selectFrom("goods_sku").select(["sku_id", "sku_spec_format", "stock"]).where("goods_id", "=", row.goods_id).execute();
  return {
    sku_id: row.sku_id,
    goods_id: row.goods_id,
    sku_name: row.sku_name,
    sku_no: row.sku_no,
    spec_name: row.spec_name,
    sku_spec_format: row.sku_spec_format || "[]",
    goods_spec_format: JSON.stringify(specFormatFor(row.goods_spec_format, row, siblings)),
    price: yuan(row.price_cents),
    market_price: yuan(row.market_price_cents),
    discount_price: yuan(row.discount_price_cents),
    member_price: yuan(memberPriceCents(row.discount_price_cents, goodsDiscountPercent(row.is_consume_discount, discountPercent))),
    stock: Number(row.stock),
    sku_image: row.sku_image || firstImage(row.goods_image),
    sku_images: row.sku_images || row.goods_image,
    goods_name: row.goods_name,
    goods_state: row.goods_state,
    unit: row.unit,
    max_buy: row.max_buy,
    min_buy: row.min_buy,
    is_free_shipping: row.is_free_shipping,
  };
}

const firstImage = (images: string) => images.split(",")[0]?.trim() ?? "";

/** /api/goodssku/info */
export async function getSkuInfo(db: Kysely<DB>, skuId: number, memberId: number | undefined): Promise<GoodsSkuInfo | null> {
  const [row, member] = await Promise.all([findSaleableSku(db, { sku_id: skuId }), findMemberPricing(db, memberId)]);
  return row ? toSkuInfo(db, row, member?.consume_discount ?? FULL_PRICE_PERCENT) : null;
}

/** /api/goodssku/detail */
export async function getSkuDetail(db: Kysely<DB>, ref: SkuRef, memberId: number | undefined): Promise<GoodsSkuDetailResult> {
  const [row, member] = await Promise.all([findSaleableSku(db, ref), findMemberPricing(db, memberId)]);
  if (!row) return { goods_sku_detail: null, member_info: member };
  const [info, services, evaluateConfig] = await Promise.all([
    toSkuInfo(db, row, member?.consume_discount ?? FULL_PRICE_PERCENT),
    findServices(db, row.goods_service_ids),
    readSetting(db, "evaluate_config"),
  ]);
  const detail: GoodsSkuDetail = {
    ...info,
    introduction: row.introduction,
    keywords: row.keywords,
    goods_image: row.goods_image,
    goods_content: sanitizeRichText(row.goods_content),
    video_url: row.video_url,
    goods_attr_format: row.goods_attr_format || "[]",
    // Shown sales: the real ones plus the 虚拟销量 staff set (the reference's sale_count).
    sale_num: Number(row.goods_sale_num) + Number(row.virtual_sale),
    goods_stock: Number(row.goods_stock),
    collect_num: Number(row.collect_num),
    evaluate: Number(row.evaluate),
    click_num: Number(row.click_num),
    category_id: row.category_id,
    category_id_1: row.category_id_1,
    category_id_2: row.category_id_2,
    category_id_3: row.category_id_3,
    brand_id: row.brand_id,
    brand_name: row.brand_name,
    label_name: row.label_name,
    is_virtual: row.goods_class === 2 ? 1 : 0,
    goods_service: services,
    // A reference client reads it unguarded: the SKU page throws without it.
    evaluate_config: evaluateConfig,
  };
  return { goods_sku_detail: detail, member_info: member };
}

/** The services of "1,2,4", in the services' own sort order. */
/** Ids beyond PostgreSQL's int4 cannot exist (and would make the query fail). */
const MAX_ID = 2_147_483_647;

async function findServices(db: Kysely<DB>, serviceIds: string): Promise<GoodsServiceItem[]> {
  const ids = serviceIds
    .split(",")
    .map(Number)
    .filter((serviceId) => Number.isInteger(serviceId) && serviceId > 0 && serviceId <= MAX_ID);
  if (ids.length === 0) return [];
  return db.selectFrom("goods_service").select(["id", "service_name", "desc", "icon", "sort"]).where("id", "in", ids).orderBy("sort").orderBy("id").execute();
}

/** /api/goods/modifyclicks: one more view of the SKU's goods (nothing happens for an unknown SKU). */
export async function countClick(db: Kysely<DB>, skuId: number): Promise<null> {
  await db
    .updateTable("goods")
    .set((eb) => ({ click_num: eb("click_num", "+", 1) }))
    .where("goods_id", "in", (eb) => eb.selectFrom("goods_sku").select("goods_id").where("sku_id", "=", skuId))
    .execute();
  return null;
}
