import { cents, type Cents } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import type { Row } from "../../db/schema.ts";
import { promotionSpecRows } from "../promotion/spec-rows.ts";
import type { SlotRow } from "./slots.ts";

/**
 * Seckill rows as the services use them: the seckill, its goods' shelf state, its SKUs (price,
 * pool, sold, the SKU's own price and stock) and its slots. Time-independent: states are worked
 * out per answer (slots.ts), so these may be cached a few seconds.
 */
export interface SeckillSkuRecord {
  sku_id: number;
  goods_id: number;
  sku_name: string;
  spec_name: string;
  /** JSON of the SKU's own spec values ("[]" without specs) */
  sku_spec_format: string;
  sku_image: string;
  seckillPriceCents: Cents;
  /** the SKU's own selling price */
  priceCents: Cents;
  /** pool left */
  stock: number;
  sale_num: number;
  /** the SKU's own stock */
  goods_stock: number;
}

/** The seckill's row (its columns as the table has them) with its goods, slots and SKUs. */
export interface SeckillRecord extends Row<"promotion_seckill"> {
  /** the goods is on shelf and not deleted */
  goods_on_sale: boolean;
  unit: string;
  /** the goods' spec rows as a promotion page shows them (modules/promotion/spec-rows.ts) */
  goods_spec_format: string;
  time_ids: number[];
  skus: SeckillSkuRecord[];
}

export const SECKILL_COLUMNS = [
  "promotion_seckill.seckill_id", "promotion_seckill.seckill_name", "promotion_seckill.goods_id", "promotion_seckill.goods_name",
  "promotion_seckill.goods_image", "promotion_seckill.start_time", "promotion_seckill.end_time", "promotion_seckill.max_buy",
  "promotion_seckill.status", "promotion_seckill.remark", "promotion_seckill.create_time", "promotion_seckill.update_time",
] as const;

/** The records of these seckills, in the order of `ids`. */
export async function loadSeckillRecords(db: Db, ids: readonly number[]): Promise<SeckillRecord[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const [rows, skus, slots] = await Promise.all([
    db
      .selectFrom("promotion_seckill")
      .leftJoin("goods", "goods.goods_id", "promotion_seckill.goods_id")
      .select([...SECKILL_COLUMNS, "goods.goods_state", "goods.is_delete", "goods.unit", "goods.goods_spec_format"])
      .where("promotion_seckill.seckill_id", "in", unique)
      .execute(),
    db
      .selectFrom("promotion_seckill_sku")
      .innerJoin("goods_sku", "goods_sku.sku_id", "promotion_seckill_sku.sku_id")
      .select([
        "promotion_seckill_sku.seckill_id", "promotion_seckill_sku.sku_id", "promotion_seckill_sku.goods_id", "promotion_seckill_sku.seckill_price_cents",
        "promotion_seckill_sku.stock", "promotion_seckill_sku.sale_num", "goods_sku.sku_name", "goods_sku.spec_name", "goods_sku.sku_spec_format", "goods_sku.sku_image",
        "goods_sku.discount_price_cents", "goods_sku.stock as goods_stock",
      ])
      .where("promotion_seckill_sku.seckill_id", "in", unique)
      .orderBy("promotion_seckill_sku.sku_id")
      .execute(),
    db.selectFrom("promotion_seckill_slot").select(["seckill_id", "time_id"]).where("seckill_id", "in", unique).orderBy("time_id").execute(),
  ]);
  const byId = new Map(
    rows.map((row): [number, SeckillRecord] => [
      row.seckill_id,
      {
        seckill_id: row.seckill_id, seckill_name: row.seckill_name, goods_id: row.goods_id, goods_name: row.goods_name, goods_image: row.goods_image,
        start_time: Number(row.start_time), end_time: Number(row.end_time), max_buy: Number(row.max_buy), status: Number(row.status), remark: row.remark,
        create_time: Number(row.create_time), update_time: Number(row.update_time),
        goods_on_sale: row.goods_state === 1 && !row.is_delete, unit: row.unit || "件", goods_spec_format: promotionSpecRows(row.goods_spec_format), time_ids: [], skus: [],
      },
    ]),
  );
  for (const sku of skus) {
    byId.get(sku.seckill_id)?.skus.push({
      sku_id: sku.sku_id, goods_id: sku.goods_id, sku_name: sku.sku_name, spec_name: sku.spec_name, sku_spec_format: sku.sku_spec_format || "[]", sku_image: sku.sku_image,
      seckillPriceCents: cents(Number(sku.seckill_price_cents)), priceCents: cents(Number(sku.discount_price_cents)),
      stock: Number(sku.stock), sale_num: Number(sku.sale_num), goods_stock: Number(sku.goods_stock),
    });
  }
  for (const slot of slots) byId.get(slot.seckill_id)?.time_ids.push(slot.time_id);
  return ids.map((id) => byId.get(id)).filter((record): record is SeckillRecord => record !== undefined);
}

export async function loadSeckillRecord(db: Db, seckillId: number): Promise<SeckillRecord | undefined> {
  return (await loadSeckillRecords(db, [seckillId]))[0];
}

/** The slots shown (status 1), by start time; `all` includes hidden ones. */
export async function loadSlots(db: Db, all = false): Promise<Array<SlotRow & { status: number; sort: number }>> {
  let query = db.selectFrom("promotion_seckill_time").select(["id", "name", "seckill_start_time", "seckill_end_time", "status", "sort"]);
  if (!all) query = query.where("status", "=", 1);
  const rows = await query.orderBy("seckill_start_time").orderBy("id").execute();
  return rows.map((row) => ({
    id: row.id, name: row.name, seckill_start_time: Number(row.seckill_start_time), seckill_end_time: Number(row.seckill_end_time),
    status: Number(row.status), sort: Number(row.sort),
  }));
}

/** The cheapest SKU of a seckill (the one a list shows). */
export function cheapestSku(record: SeckillRecord): SeckillSkuRecord | undefined {
  return [...record.skus].sort((a, b) => a.seckillPriceCents - b.seckillPriceCents || a.sku_id - b.sku_id)[0];
}

export const poolLeft = (record: SeckillRecord): number => record.skus.reduce((sum, sku) => sum + sku.stock, 0);
export const poolSold = (record: SeckillRecord): number => record.skus.reduce((sum, sku) => sum + sku.sale_num, 0);

/** The units a member holds in a seckill's unpaid and paid orders. */
export async function memberBought(db: Db, seckillId: number, memberId: number | undefined): Promise<number> {
  if (!memberId) return 0;
  const row = await db.selectFrom("promotion_seckill_member").select("num").where("seckill_id", "=", seckillId).where("member_id", "=", memberId).executeTakeFirst();
  return Number(row?.num ?? 0);
}
