import { GROUPBUY_STATUS_NAMES, type GroupbuyDetail, type GroupbuySku, type StaffGroupbuy } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { yuan } from "../../core/money.ts";
import { promotionSpecRows } from "../promotion/spec-rows.ts";
import { wireStatus } from "./window.ts";

/** A group buy with the goods columns its views show. */
export const groupbuyQuery = (db: Db) =>
  db
    .selectFrom("promotion_groupbuy")
    .innerJoin("goods", "goods.goods_id", "promotion_groupbuy.goods_id")
    .select([
      "promotion_groupbuy.groupbuy_id", "promotion_groupbuy.groupbuy_name", "promotion_groupbuy.goods_id", "promotion_groupbuy.buy_num",
      "promotion_groupbuy.start_time", "promotion_groupbuy.end_time", "promotion_groupbuy.sell_num", "promotion_groupbuy.status",
      "promotion_groupbuy.create_time", "promotion_groupbuy.update_time", "goods.goods_name", "goods.goods_image", "goods.goods_state",
      "goods.is_delete", "goods.unit", "goods.introduction", "goods.goods_spec_format", "goods.max_buy", "goods.goods_class",
    ]);

export type GroupbuyRow = Awaited<ReturnType<ReturnType<typeof groupbuyQuery>["executeTakeFirstOrThrow"]>>;

const firstImage = (images: string) => images.split(",")[0]?.trim() ?? "";

/** The SKUs of these group buys with their prices and stock, by group buy, in SKU order. */
export async function loadGroupbuySkus(db: Db, rows: readonly GroupbuyRow[]): Promise<Map<number, GroupbuySku[]>> {
  const bySku = new Map<number, GroupbuySku[]>();
  if (rows.length === 0) return bySku;
  const imageOf = new Map(rows.map((row) => [row.groupbuy_id, firstImage(row.goods_image)]));
  const skus = await db
    .selectFrom("promotion_groupbuy_sku")
    .innerJoin("goods_sku", "goods_sku.sku_id", "promotion_groupbuy_sku.sku_id")
    .select([
      "promotion_groupbuy_sku.groupbuy_id", "promotion_groupbuy_sku.groupbuy_price_cents", "goods_sku.sku_id", "goods_sku.sku_name",
      "goods_sku.spec_name", "goods_sku.sku_spec_format", "goods_sku.sku_image", "goods_sku.discount_price_cents", "goods_sku.stock",
    ])
    .where("promotion_groupbuy_sku.groupbuy_id", "in", rows.map((row) => row.groupbuy_id))
    .orderBy("goods_sku.sku_id")
    .execute();
  for (const sku of skus) {
    const list = bySku.get(sku.groupbuy_id) ?? [];
    list.push({
      sku_id: sku.sku_id,
      sku_name: sku.sku_name,
      spec_name: sku.spec_name,
      sku_spec_format: sku.sku_spec_format || "[]",
      sku_image: sku.sku_image || (imageOf.get(sku.groupbuy_id) ?? ""),
      price: yuan(sku.discount_price_cents),
      groupbuy_price: yuan(sku.groupbuy_price_cents),
      stock: Number(sku.stock),
    });
    bySku.set(sku.groupbuy_id, list);
  }
  return bySku;
}

/** The SKU a list shows: the lowest group-buy price (the first such SKU). */
function cheapest(skus: readonly GroupbuySku[]): GroupbuySku | undefined {
  let best: GroupbuySku | undefined;
  for (const sku of skus) if (!best || Number(sku.groupbuy_price) < Number(best.groupbuy_price)) best = sku;
  return best;
}

/** Every view of a group buy: the list item's fields, its SKUs, the goods' details. */
export function toGroupbuyView(row: GroupbuyRow, skus: readonly GroupbuySku[], at: number): Omit<GroupbuyDetail, "now" | "goods_sku_detail"> & Omit<StaffGroupbuy, "order_count" | "order_money"> {
  const shown = cheapest(skus);
  const status = wireStatus(row, at);
  return {
    groupbuy_id: row.groupbuy_id,
    groupbuy_name: row.groupbuy_name,
    goods_id: row.goods_id,
    sku_id: shown?.sku_id ?? 0,
    goods_name: row.goods_name,
    sku_name: shown?.sku_name ?? row.goods_name,
    sku_image: shown?.sku_image ?? firstImage(row.goods_image),
    price: shown?.price ?? "0.00",
    groupbuy_price: shown?.groupbuy_price ?? "0.00",
    buy_num: row.buy_num,
    sell_num: Number(row.sell_num),
    stock: skus.reduce((sum, sku) => sum + sku.stock, 0),
    start_time: row.start_time,
    end_time: row.end_time,
    status,
    status_name: GROUPBUY_STATUS_NAMES[status]!,
    goods_image: row.goods_image,
    introduction: row.introduction,
    unit: row.unit || "件",
    goods_spec_format: promotionSpecRows(row.goods_spec_format),
    max_buy: row.max_buy,
    goods_state: row.goods_state === 1 && row.is_delete === 0 ? 1 : 0,
    sku_list: [...skus],
    create_time: row.create_time,
    update_time: row.update_time,
  };
}

export async function groupbuyViews(db: Db, rows: readonly GroupbuyRow[], at: number) {
  const skus = await loadGroupbuySkus(db, rows);
  return rows.map((row) => toGroupbuyView(row, skus.get(row.groupbuy_id) ?? [], at));
}
