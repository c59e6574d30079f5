import type { FileAnswer } from "../../core/file-calls.ts";
import { streamSheet } from "../../core/xlsx-stream.ts";
import type { Db } from "../../db/unit-of-work.ts";
import { applyFilters, type GoodsListFilter, type GoodsQuery } from "./admin-list.ts";
import { TRADE_TYPE_NAMES } from "./admin-import-form.ts";
import { readCatalogue, type Catalogue } from "./admin-import-lookups.ts";
import { goodsSheetColumns, type ColumnKey } from "./admin-import-sheet.ts";

/**
 * /shopapi/goods/exportgoods: the goods the list's filters select, one row per SKU in the import
 * template's columns (an export imports again: its 商品编号 is the goods id, grouping the SKUs).
 * Streamed by core/xlsx-stream.ts: goods are read by goods id in pages of BATCH with their SKUs (one
 * IN), each page written and sent before the next is read — the 100k-SKU catalogue never sits in memory.
 */
const BATCH = 500;

type Filter = Omit<GoodsListFilter, "page" | "page_size">;

async function pageOf(db: Db, selected: GoodsQuery, after: number) {
  const goods = await selected
    .select([
      "goods.goods_id", "goods.goods_name", "goods.goods_class", "goods.category_id_1", "goods.category_id_2", "goods.category_id_3", "goods.brand_name",
      "goods.goods_image", "goods.unit", "goods.keywords", "goods.introduction", "goods.support_trade_type", "goods.is_free_shipping",
      "goods.shipping_template", "goods.goods_state",
    ])
    .where("goods.goods_id", ">", after)
    .orderBy("goods.goods_id")
    .limit(BATCH)
    .execute();
  const skus = goods.length === 0 ? [] : await db
    .selectFrom("goods_sku")
    .select(["goods_id", "sku_spec_format", "price_cents", "market_price_cents", "cost_price_cents", "stock", "stock_alarm", "sku_no", "weight", "volume"])
    .where("goods_id", "in", goods.map((row) => row.goods_id))
    .orderBy("goods_id")
    .orderBy("sku_id")
    .execute();
  return { goods, skus };
}

type Page = Awaited<ReturnType<typeof pageOf>>;

/** "颜色:红色;尺码:S" from a SKU's spec format (empty without specs). */
function specText(format: string): string {
  if (!format) return "";
  try {
    return (JSON.parse(format) as Array<{ spec_name: string; spec_value_name: string }>).map((value) => `${value.spec_name}:${value.spec_value_name}`).join(";");
  } catch {
    return "";
  }
}

/** Each SKU as a row of the sheet: money and measures as numbers (yuan, kg, m³). */
function rowsOf(page: Page, catalogue: Catalogue, templateName: (id: number) => string): Array<Record<ColumnKey, string | number>> {
  const byId = new Map(page.goods.map((goods) => [goods.goods_id, goods]));
  return page.skus.map((sku) => {
    const goods = byId.get(sku.goods_id)!;
    const category = catalogue.categories.get(goods.category_id_3 || goods.category_id_2 || goods.category_id_1);
    return {
      goods_key: String(goods.goods_id),
      goods_name: goods.goods_name,
      goods_class: goods.goods_class === 2 ? "虚拟" : "实物",
      category: category?.path ?? "",
      brand: goods.brand_name,
      spec: specText(sku.sku_spec_format),
      price: sku.price_cents / 100,
      market_price: sku.market_price_cents / 100,
      cost_price: sku.cost_price_cents / 100,
      stock: sku.stock,
      stock_alarm: sku.stock_alarm,
      sku_no: sku.sku_no,
      weight: sku.weight / 1000,
      volume: sku.volume / 1_000_000,
      goods_image: goods.goods_image,
      unit: goods.unit,
      keywords: goods.keywords,
      introduction: goods.introduction,
      trade_type: goods.support_trade_type.split(",").filter(Boolean).map((way) => TRADE_TYPE_NAMES[way as keyof typeof TRADE_TYPE_NAMES] ?? way).join(","),
      free_shipping: goods.is_free_shipping === 1 ? "是" : "否",
      shipping_template: goods.shipping_template > 0 ? templateName(goods.shipping_template) : "",
      on_sale: goods.goods_state === 1 ? "是" : "否",
    };
  });
}

export async function exportGoods(db: Db, filter: Filter, log: (error: unknown) => void): Promise<FileAnswer> {
  const catalogue = await readCatalogue(db);
  // A template named like another is written by id, so the export imports to the same template.
  const names = catalogue.templates.map((template) => template.name);
  const templateName = (id: number) => {
    const name = catalogue.templates.find((template) => template.id === id)?.name ?? "";
    return name && names.indexOf(name) === names.lastIndexOf(name) ? name : String(id);
  };
  const selected = await applyFilters(db, db.selectFrom("goods"), filter, 0);
  async function* batches() {
    let page = await pageOf(db, selected, 0);
    while (page.goods.length > 0) {
      yield rowsOf(page, catalogue, templateName);
      if (page.goods.length < BATCH) return;
      page = await pageOf(db, selected, page.goods.at(-1)!.goods_id);
    }
  }
  return streamSheet({ fileName: "商品导出", sheetName: "商品", columns: goodsSheetColumns(), batches: batches(), log });
}
