import type { GoodsFormInput, StaffGoodsInfo } from "@shop/contract/domains/goods-admin";
import { formatYuan } from "@shop/contract";
import { unitOfWork, type Db } from "../../db/unit-of-work.ts";
import type { StaffContext } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { picturesOfGoods, prepareGoods, type SkuFormRow } from "./admin-form.ts";
import { goodsChanged } from "./admin-change.ts";
import { scheduleGoodsTimers } from "./admin-timer.ts";
import { refuseSkusInUse } from "./admin-guards.ts";

/**
 * Adding, editing, reading for the editor and copying goods (/shopapi/goods/addgoods, editgoods,
 * editgetgoodsinfo, copygoods). Each write is one unit of work with its staff_log row, its timers,
 * the search index and the cache purge (goodsChanged).
 *
 * Concurrent edits: a version check, not last-write-wins. editgetgoodsinfo answers the goods'
 * `version`; editgoods saves only `WHERE version = :sent` and bumps it, so of two editors who
 * opened the same goods the second to save is refused (商品已被他人修改) instead of silently undoing
 * the first one's SKUs and prices. Orders never touch the version (they change stock, not the form).
 */
type Caller = Pick<StaffContext, "staff" | "ip" | "dialect">;

const skuValues = (goodsId: number, sku: SkuFormRow, at: number) => {
  const { sku_id: _id, ...columns } = sku;
  return { ...columns, goods_id: goodsId, sale_num: 0, create_time: at };
};

export async function addGoods(db: Db, caller: Caller, input: GoodsFormInput): Promise<{ goods_id: number }> {
  return unitOfWork(db, async (tx) => {
    const at = now();
    const { goods, skus } = await prepareGoods(tx, caller.staff.staff_id, input, null);
    const { goods_id } = await tx
      .insertInto("goods")
      .values({ ...goods, sale_num: 0, evaluate: 0, collect_num: 0, click_num: 0, is_delete: 0, create_time: at, modify_time: at })
      .returning("goods_id")
      .executeTakeFirstOrThrow();
    await tx.insertInto("goods_sku").values(skus.map((sku) => skuValues(goods_id, sku, at))).execute();
    await scheduleGoodsTimers(tx, goods_id, input);
    await logStaffAction(tx, caller, "goods.add", { type: "goods", id: goods_id }, { goods_name: goods.goods_name, skus: skus.length });
    await goodsChanged(tx, caller.dialect, [goods_id]);
    return { goods_id };
  });
}

export async function editGoods(db: Db, caller: Caller, goodsId: number, version: number, input: GoodsFormInput): Promise<{ goods_id: number; version: number }> {
  return unitOfWork(db, async (tx) => {
    const at = now();
    const current = await tx.selectFrom("goods").select(["version", "is_delete"]).where("goods_id", "=", goodsId).executeTakeFirst();
    if (!current || current.is_delete !== 0) fail("商品不存在或已删除");
    const { goods, skus } = await prepareGoods(tx, caller.staff.staff_id, input, { goodsId, pictures: await picturesOfGoods(tx, goodsId) });
    const saved = await tx
      .updateTable("goods")
      .set({ ...goods, modify_time: at, version: version + 1 })
      .where("goods_id", "=", goodsId)
      .where("version", "=", version)
      .where("is_delete", "=", 0)
      .executeTakeFirst();
    if (Number(saved.numUpdatedRows) === 0) fail("商品已被他人修改，请刷新后重新编辑");

    const existing = await tx.selectFrom("goods_sku").select("sku_id").where("goods_id", "=", goodsId).execute();
    const existingIds = new Set(existing.map((row) => row.sku_id));
    const keptIds = new Set(skus.filter((sku) => sku.sku_id > 0).map((sku) => sku.sku_id));
    for (const skuId of keptIds) if (!existingIds.has(skuId)) fail(`SKU ${skuId} 不属于该商品（goods_sku_data.sku_id）`);
    const removed = [...existingIds].filter((skuId) => !keptIds.has(skuId));
    // A removed SKU's open orders keep their snapshot (order_goods), but their refunds and stock
    // returns still name the SKU: it may go only when no open order or promotion uses it.
    await refuseSkusInUse(tx, removed);
    if (removed.length > 0) {
      await tx.deleteFrom("cart").where("sku_id", "in", removed).execute();
      await tx.deleteFrom("goods_sku").where("sku_id", "in", removed).execute();
    }
    // The default flag moves first: a SKU's row is updated one at a time.
    await tx.updateTable("goods_sku").set({ is_default: 0 }).where("goods_id", "=", goodsId).execute();
    for (const sku of skus.filter((row) => row.sku_id > 0)) {
      const { sku_id, ...columns } = sku;
      await tx.updateTable("goods_sku").set(columns).where("sku_id", "=", sku_id).execute();
    }
    const added = skus.filter((sku) => sku.sku_id === 0);
    if (added.length > 0) await tx.insertInto("goods_sku").values(added.map((sku) => skuValues(goodsId, sku, at))).execute();
    await scheduleGoodsTimers(tx, goodsId, input);
    await logStaffAction(tx, caller, "goods.edit", { type: "goods", id: goodsId }, { version: version + 1, skus: skus.length, removed });
    await goodsChanged(tx, caller.dialect, [goodsId]);
    return { goods_id: goodsId, version: version + 1 };
  });
}

const yuan = (cents: number) => formatYuan(cents);
/** grams → "1.5" kg; cm³ → "0.001" m³ */
const scaledText = (value: number, places: number) => String(Number((value / 10 ** places).toFixed(places)));

export async function goodsInfo(db: Db, goodsId: number): Promise<StaffGoodsInfo> {
  const goods = await db.selectFrom("goods").selectAll().where("goods_id", "=", goodsId).executeTakeFirst();
  if (!goods) return fail("商品不存在");
  const skus = await db.selectFrom("goods_sku").selectAll().where("goods_id", "=", goodsId).orderBy("sku_id").execute();
  return {
    goods_id: goods.goods_id,
    version: goods.version,
    goods_name: goods.goods_name,
    goods_class: goods.goods_class,
    category_id: [goods.category_id_1, goods.category_id_2, goods.category_id_3].filter((categoryId) => categoryId > 0),
    brand_id: goods.brand_id,
    brand_name: goods.brand_name,
    goods_image: goods.goods_image,
    video_url: goods.video_url,
    goods_content: goods.goods_content,
    introduction: goods.introduction,
    keywords: goods.keywords,
    unit: goods.unit,
    goods_service_ids: goods.goods_service_ids,
    label_id: goods.label_id,
    goods_state: goods.goods_state,
    is_delete: goods.is_delete,
    sort: goods.sort,
    support_trade_type: goods.support_trade_type || (goods.goods_class === 2 ? "virtual" : "express"),
    is_free_shipping: goods.is_free_shipping,
    shipping_template: goods.shipping_template,
    virtual_indate: goods.virtual_indate,
    min_buy: goods.min_buy,
    max_buy: goods.max_buy,
    virtual_sale: goods.virtual_sale,
    is_consume_discount: goods.is_consume_discount,
    timer_on: goods.timer_on,
    timer_off: goods.timer_off,
    goods_attr_format: goods.goods_attr_format,
    goods_spec_format: goods.goods_spec_format,
    sku_list: skus.map((sku) => ({
      sku_id: sku.sku_id,
      sku_name: sku.sku_name,
      spec_name: sku.spec_name,
      sku_no: sku.sku_no,
      sku_spec_format: sku.sku_spec_format,
      price: yuan(sku.price_cents),
      market_price: yuan(sku.market_price_cents),
      cost_price: yuan(sku.cost_price_cents),
      stock: sku.stock,
      stock_alarm: sku.stock_alarm,
      sale_num: sku.sale_num,
      weight: scaledText(sku.weight, 3),
      volume: scaledText(sku.volume, 6),
      sku_image: sku.sku_image,
      sku_images: sku.sku_images,
      is_default: sku.is_default,
    })),
  };
}

/** A copy to edit: off the shelf, no sales, no timers, SKU numbers cleared (they are unique). */
export async function copyGoods(db: Db, caller: Caller, goodsId: number): Promise<{ goods_id: number }> {
  return unitOfWork(db, async (tx) => {
    const at = now();
    const source = await tx.selectFrom("goods").selectAll().where("goods_id", "=", goodsId).where("is_delete", "=", 0).executeTakeFirst();
    if (!source) return fail("商品不存在或已删除");
    const { goods_id: _sourceId, ...columns } = source;
    const { goods_id } = await tx
      .insertInto("goods")
      .values({
        ...columns, goods_state: 0, sale_num: 0, evaluate: 0, collect_num: 0, click_num: 0, timer_on: 0, timer_off: 0, version: 0,
        create_time: at, modify_time: at,
      })
      .returning("goods_id")
      .executeTakeFirstOrThrow();
    const skus = await tx.selectFrom("goods_sku").selectAll().where("goods_id", "=", goodsId).orderBy("sku_id").execute();
    if (skus.length > 0) {
      await tx.insertInto("goods_sku").values(skus.map(({ sku_id: _skuId, ...sku }) => ({ ...sku, goods_id, sku_no: "", sale_num: 0, create_time: at }))).execute();
    }
    await logStaffAction(tx, caller, "goods.copy", { type: "goods", id: goods_id }, { from: goodsId });
    await goodsChanged(tx, caller.dialect, [goods_id]);
    return { goods_id };
  });
}
