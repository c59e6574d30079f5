import type { Cents } from "@shop/contract";
import type { GoodsFormInput, SkuDataInput } from "@shop/contract/domains/goods-admin";
import { Code } from "@shop/contract/codes";
import type { Db } from "../../db/unit-of-work.ts";
import type { NewRow } from "../../db/schema.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { sanitizeRichText } from "../../core/sanitize.ts";
import { checkOwnedImages } from "../upload/ownership.ts";

/**
 * Turns the goods editor's form (contract goods-admin-form.ts) into the goods row and its SKU rows,
 * checking what the schema cannot: the category path, brand, label and freight template exist;
 * delivery ways fit the goods class; specs and SKUs match (each SKU one value of every spec, no
 * combination twice); SKU numbers are unique; every picture is one this staff member uploaded
 * (or one the goods already had). The description is sanitised here, before it is stored.
 */

/** The goods columns the editor writes (the counters and times are the caller's). */
export type GoodsFormColumns = Omit<
  NewRow<"goods">,
  "goods_id" | "sale_num" | "evaluate" | "collect_num" | "click_num" | "create_time" | "modify_time" | "is_delete" | "version" | "delete_time"
>;
/** A SKU row; sku_id 0 = a new SKU. */
export type SkuFormRow = Omit<NewRow<"goods_sku">, "goods_id" | "sale_num" | "create_time" | "sku_id"> & { sku_id: number };

export interface PreparedGoods {
  goods: GoodsFormColumns;
  skus: SkuFormRow[];
}

/** "/upload/a.jpg" and "upload/a.jpg" are one picture. */
export const normalizePicture = (path: string) => path.trim().replace(/^\/+/, "");
export const splitPictures = (list: string) => list.split(",").map(normalizePicture).filter(Boolean);

async function categoryColumns(tx: Db, path: number[]) {
  const rows = await tx.selectFrom("goods_category").select(["category_id", "pid"]).where("category_id", "in", path).execute();
  const byId = new Map(rows.map((row) => [row.category_id, row]));
  path.forEach((categoryId, level) => {
    const row = byId.get(categoryId) ?? fail("商品分类不存在", Code.PARAM);
    if (row.pid !== (level === 0 ? 0 : path[level - 1])) fail("商品分类的层级不正确", Code.PARAM);
  });
  return { category_id: `,${path.join(",")},`, category_id_1: path[0] ?? 0, category_id_2: path[1] ?? 0, category_id_3: path[2] ?? 0 };
}

async function brandName(tx: Db, brandId: number): Promise<string> {
  if (brandId === 0) return "";
  const brand = await tx.selectFrom("goods_brand").select("brand_name").where("brand_id", "=", brandId).executeTakeFirst();
  return brand?.brand_name ?? fail("品牌不存在", Code.PARAM);
}

async function labelName(tx: Db, labelId: number): Promise<string> {
  if (labelId === 0) return "";
  const label = await tx.selectFrom("goods_label").select("label_name").where("id", "=", labelId).executeTakeFirst();
  return label?.label_name ?? fail("商品标签不存在", Code.PARAM);
}

/** Delivery ways by goods class: virtual goods are only "virtual"; express without free shipping needs a freight template. */
async function deliveryColumns(tx: Db, input: GoodsFormInput) {
  const ways = [...new Set(input.support_trade_type)];
  if (input.goods_class === 2 && (ways.length !== 1 || ways[0] !== "virtual")) fail("虚拟商品的配送方式只能是 virtual（无需物流）", Code.PARAM);
  if (input.goods_class === 1 && ways.includes("virtual")) fail("实物商品不能选择 virtual（无需物流）配送", Code.PARAM);
  const express = ways.includes("express");
  const freeShipping = express && input.is_free_shipping === 1;
  let template = 0;
  if (express && !freeShipping) {
    if (input.shipping_template === 0) fail("请选择运费模板（shipping_template），或设为包邮", Code.PARAM);
    const found = await tx.selectFrom("express_template").select("template_id").where("template_id", "=", input.shipping_template).executeTakeFirst();
    if (!found) fail("运费模板不存在", Code.PARAM);
    template = input.shipping_template;
  }
  return {
    support_trade_type: ways.join(","),
    is_free_shipping: freeShipping ? 1 : 0,
    shipping_template: template,
    virtual_indate: input.goods_class === 2 ? input.virtual_indate : 0,
  };
}

function checkLimitsAndTimers(input: GoodsFormInput, at: number): void {
  if (input.max_buy > 0 && input.min_buy > input.max_buy) fail("起售数量（min_buy）不能大于限购数量（max_buy）", Code.PARAM);
  if (input.timer_on > 0 && input.timer_on <= at) fail("定时上架时间（timer_on）须晚于当前时间", Code.PARAM);
  if (input.timer_off > 0 && input.timer_off <= at) fail("定时下架时间（timer_off）须晚于当前时间", Code.PARAM);
  if (input.timer_on > 0 && input.timer_off > 0 && input.timer_off <= input.timer_on) fail("定时下架时间须晚于定时上架时间", Code.PARAM);
}

/**
 * Checks the SKUs against the specs: without specs exactly one SKU; with specs each SKU picks one
 * existing value of every spec, and no combination twice. Answers each SKU's spec name ("红色 XL")
 * and its spec format in the goods' spec order.
 */
function matchSkusToSpecs(input: GoodsFormInput): Array<{ specName: string; format: string }> {
  const specs = input.goods_spec_format;
  if (specs.length === 0) {
    if (input.goods_sku_data.length !== 1) fail("没有规格的商品只能有一个 SKU（goods_sku_data）", Code.PARAM);
    return [{ specName: "", format: "" }];
  }
  const specIds = new Set(specs.map((spec) => spec.spec_id));
  if (specIds.size !== specs.length || new Set(specs.map((spec) => spec.spec_name)).size !== specs.length) fail("规格名称不能重复（goods_spec_format）", Code.PARAM);
  for (const spec of specs) {
    if (new Set(spec.value.map((value) => value.spec_value_name)).size !== spec.value.length) fail(`规格「${spec.spec_name}」的规格值不能重复`, Code.PARAM);
  }
  const seen = new Set<string>();
  return input.goods_sku_data.map((sku, index) => {
    const chosen = specs.map((spec) => {
      const entry = sku.sku_spec_format.find((item) => item.spec_id === spec.spec_id);
      const value = entry && spec.value.find((candidate) => candidate.spec_value_id === entry.spec_value_id);
      return value ? { spec, value } : fail(`第 ${index + 1} 个 SKU 缺少规格「${spec.spec_name}」的值（goods_sku_data）`, Code.PARAM);
    });
    if (sku.sku_spec_format.length !== specs.length) fail(`第 ${index + 1} 个 SKU 的规格与商品规格不一致（goods_sku_data）`, Code.PARAM);
    const key = chosen.map(({ value }) => value.spec_value_id).join(":");
    if (seen.has(key)) fail(`规格组合「${chosen.map(({ value }) => value.spec_value_name).join(" ")}」重复（goods_sku_data）`, Code.PARAM);
    seen.add(key);
    return {
      specName: chosen.map(({ value }) => value.spec_value_name).join(" "),
      format: JSON.stringify(chosen.map(({ spec, value }) => ({ spec_id: spec.spec_id, spec_name: spec.spec_name, spec_value_id: value.spec_value_id, spec_value_name: value.spec_value_name }))),
    };
  });
}

/** SKU numbers: unique in the form and among all other goods' SKUs (`ownSkuIds` are this goods'). */
async function checkSkuNumbers(tx: Db, skus: SkuDataInput[], goodsId: number): Promise<void> {
  const numbers = skus.map((sku) => sku.sku_no).filter(Boolean);
  const duplicate = numbers.find((number, index) => numbers.indexOf(number) !== index);
  if (duplicate) fail(`SKU 编码「${duplicate}」重复（sku_no）`, Code.PARAM);
  if (numbers.length === 0) return;
  const taken = await tx.selectFrom("goods_sku").select("sku_no").where("sku_no", "in", numbers).where("goods_id", "<>", goodsId).executeTakeFirst();
  if (taken) fail(`SKU 编码「${taken.sku_no}」已被其他商品使用（sku_no）`, Code.PARAM);
}

/**
 * Every picture of the form (goods, SKUs, spec values) is one the goods already had, or one this
 * staff member uploaded through /shopapi/upload/goodsimg; answers the goods pictures normalised.
 */
async function checkPictures(tx: Db, staffId: number, input: GoodsFormInput, kept: ReadonlySet<string>): Promise<string[]> {
  const goodsPictures = [...new Set(input.goods_image.map(normalizePicture).filter(Boolean))];
  const all = [
    ...goodsPictures,
    ...input.goods_sku_data.flatMap((sku) => [sku.sku_image, ...sku.sku_images]),
    ...input.goods_spec_format.flatMap((spec) => spec.value.map((value) => value.image)),
  ]
    .map(normalizePicture)
    .filter(Boolean);
  const fresh = [...new Set(all.filter((path) => !kept.has(path)))];
  await checkOwnedImages(tx, { staffId }, "goods", fresh, fresh.length);
  return goodsPictures;
}

/** Pictures the goods has now (an edit may keep them without them being this staff member's uploads). */
export async function picturesOfGoods(tx: Db, goodsId: number): Promise<Set<string>> {
  const goods = await tx.selectFrom("goods").select(["goods_image", "goods_spec_format"]).where("goods_id", "=", goodsId).executeTakeFirst();
  const skus = await tx.selectFrom("goods_sku").select(["sku_image", "sku_images"]).where("goods_id", "=", goodsId).execute();
  const specImages = [...(goods?.goods_spec_format ?? "").matchAll(/"image":"([^"]*)"/g)].map((match) => match[1] ?? "");
  return new Set([...splitPictures(goods?.goods_image ?? ""), ...skus.flatMap((sku) => [sku.sku_image, ...splitPictures(sku.sku_images)]), ...specImages].map(normalizePicture).filter(Boolean));
}

export async function prepareGoods(tx: Db, staffId: number, input: GoodsFormInput, existing: { goodsId: number; pictures: ReadonlySet<string> } | null): Promise<PreparedGoods> {
  const at = now();
  checkLimitsAndTimers(input, at);
  const specNames = matchSkusToSpecs(input);
  await checkSkuNumbers(tx, input.goods_sku_data, existing?.goodsId ?? 0);
  const pictures = await checkPictures(tx, staffId, input, existing?.pictures ?? new Set());
  const defaultIndex = Math.max(0, input.goods_sku_data.findIndex((sku) => sku.is_default === 1));
  const skus = input.goods_sku_data.map((sku, index): SkuFormRow => {
    const specName = specNames[index]!.specName;
    const skuImage = normalizePicture(sku.sku_image) || pictures[0]!;
    return {
      sku_id: sku.sku_id,
      sku_name: specName ? `${input.goods_name} ${specName}` : input.goods_name,
      sku_no: sku.sku_no,
      sku_spec_format: specNames[index]!.format,
      spec_name: specName,
      price_cents: sku.price,
      discount_price_cents: sku.price,
      market_price_cents: sku.market_price,
      cost_price_cents: sku.cost_price,
      stock: sku.stock,
      stock_alarm: sku.stock_alarm,
      sku_image: skuImage,
      sku_images: (sku.sku_images.length > 0 ? sku.sku_images.map(normalizePicture) : [skuImage]).join(","),
      weight: sku.weight,
      volume: sku.volume,
      is_default: index === defaultIndex ? 1 : 0,
    };
  });
  const defaultSku = skus[defaultIndex]!;
  const goods: GoodsFormColumns = {
    goods_name: input.goods_name,
    goods_class: input.goods_class,
    ...(await categoryColumns(tx, input.category_id)),
    brand_id: input.brand_id,
    brand_name: await brandName(tx, input.brand_id),
    label_id: input.label_id,
    label_name: await labelName(tx, input.label_id),
    goods_image: pictures.join(","),
    video_url: input.video_url,
    goods_content: sanitizeRichText(input.goods_content),
    introduction: input.introduction,
    keywords: input.keywords,
    unit: input.unit,
    goods_service_ids: input.goods_service_ids.join(","),
    // A timed on-shelf keeps the goods off the shelf until its time (the job puts it on).
    goods_state: input.timer_on > at ? 0 : input.goods_state,
    sort: input.sort,
    ...(await deliveryColumns(tx, input)),
    price_cents: defaultSku.price_cents as Cents,
    market_price_cents: defaultSku.market_price_cents as Cents,
    cost_price_cents: defaultSku.cost_price_cents as Cents,
    min_buy: input.min_buy,
    max_buy: input.max_buy,
    virtual_sale: input.virtual_sale,
    is_consume_discount: input.is_consume_discount,
    timer_on: input.timer_on,
    timer_off: input.timer_off,
    goods_attr_format: JSON.stringify(input.goods_attr_format),
    goods_spec_format: input.goods_spec_format.length === 0 ? "" : JSON.stringify(input.goods_spec_format.map((spec) => ({
      spec_id: spec.spec_id,
      spec_name: spec.spec_name,
      value: spec.value.map((value) => ({ spec_id: spec.spec_id, spec_name: spec.spec_name, spec_value_id: value.spec_value_id, spec_value_name: value.spec_value_name, image: normalizePicture(value.image) })),
    }))),
  };
  return { goods, skus };
}
