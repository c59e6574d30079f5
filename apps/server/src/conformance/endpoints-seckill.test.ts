import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, SeckillDetail, SeckillGoodsPage, SeckillSlotList, StaffSeckill, StaffSeckillSlot } from "@shop/contract";
import type { TestApp } from "../test/harness.ts";
import { now } from "../core/time.ts";
import type { ReferenceClient } from "./reference-client.ts";
import { addBeijingAddress, startShopWithClients } from "./fixtures.ts";

const reads = <T = unknown>(client: ReferenceClient, path: string, body: Record<string, unknown> = {}) => client.reads<T>(path, body);

/**
 * Seckill as the reference's pages call it (docs/api/seckill.md): the day's slots, the goods of the
 * slot on now, a seckill's page and the SKU page's seckill block for a guest, the seckill checkout
 * for a member; the staff's slots and seckills (ours). The seeded shop has a seckill on now.
 */
describe("conformance: seckill", () => {
  let t: TestApp;
  let guest: ReferenceClient;
  let member: ReferenceClient & { memberId: number };
  let staff: ReferenceClient;
  beforeAll(async () => {
    ({ t, guest, member, staff } = await startShopWithClients());
  });
  afterAll(() => t.close());

  async function runningGoods() {
    const slots = await reads<SeckillSlotList>(guest, "/seckill/api/seckill/lists");
    expect(slots.current_id).toBeGreaterThan(0);
    const page = await reads<SeckillGoodsPage>(guest, "/seckill/api/seckillgoods/page", { seckill_time_id: slots.current_id, page: 1, page_size: 20 });
    const item = page.list.find((goods) => goods.state === "running")!;
    expect(item).toBeTruthy();
    return item;
  }

  it("/seckill/api/seckill/lists, seckillgoods/page, detail and info answer the seckill pages and the SKU page", async () => {
    const item = await runningGoods();
    const detail = await reads<SeckillDetail>(guest, "/seckill/api/seckillgoods/detail", { seckill_id: item.seckill_id });
    expect(detail.window.state).toBe("running");
    await reads(guest, "/seckill/api/seckillgoods/info", { sku_id: item.sku_id, seckill_id: item.seckill_id });
  });

  it("/seckill/api/ordercreate/payment, calculate and create sell at the seckill price", async () => {
    const item = await runningGoods();
    const addressId = await addBeijingAddress(member);
    const { order_key } = await reads<{ order_key: string }>(member, "/seckill/api/ordercreate/payment", { seckill_id: item.seckill_id, sku_id: item.sku_id, num: 1 });
    const choices = { order_key, delivery: JSON.stringify({ delivery_type: "express" }), member_address: JSON.stringify({ id: addressId }), is_balance: 0, is_point: 0 };
    const calculation = await reads<{ goods_money: string }>(member, "/seckill/api/ordercreate/calculate", choices);
    expect(calculation.goods_money).toBe(item.seckill_price);
    const outTradeNo = await reads<string>(member, "/seckill/api/ordercreate/create", choices);
    expect(outTradeNo).toMatch(/\S/);
  });

  it("/shopapi/seckill/* manage slots and seckills (ours)", async () => {
    const slots = await reads<StaffSeckillSlot[]>(staff, "/shopapi/seckill/timelists");
    const last = slots.find((slot) => slot.seckill_end_time === 86_400)!;
    const lastBody = { name: last.name, seckill_start_time: last.seckill_start_time, seckill_end_time: last.seckill_end_time, status: last.status, sort: last.sort };
    await reads(staff, "/shopapi/seckill/timeedit", { ...lastBody, id: last.id, seckill_end_time: 86_400 - 3600 });
    const { id } = await reads<{ id: number }>(staff, "/shopapi/seckill/timeadd", { name: "深夜场", seckill_start_time: 86_400 - 3600, seckill_end_time: 86_400 });
    const goods = await t.app.deps.db
      .selectFrom("goods_sku")
      .innerJoin("goods", "goods.goods_id", "goods_sku.goods_id")
      .select(["goods_sku.goods_id", "goods_sku.sku_id", "goods_sku.discount_price_cents"])
      .where("goods.goods_state", "=", 1)
      .where("goods_sku.discount_price_cents", ">", 1000)
      .where("goods.goods_id", "not in", (eb) => eb.selectFrom("promotion_seckill").select("goods_id"))
      .orderBy("goods_sku.sku_id")
      .executeTakeFirstOrThrow();
    const body = {
      seckill_name: "一致性秒杀", goods_id: goods.goods_id, time_ids: [id], start_time: now() + 86_400, end_time: now() + 2 * 86_400, max_buy: 1,
      sku_list: [{ sku_id: goods.sku_id, seckill_price: "5.00", stock: 10 }],
    };
    const { seckill_id } = await reads<{ seckill_id: number }>(staff, "/shopapi/seckill/add", body);
    await reads(staff, "/shopapi/seckill/edit", { ...body, seckill_id, sku_list: [{ sku_id: goods.sku_id, seckill_price: "6.00", stock: 12 }] });
    const list = await reads<Page<StaffSeckill>>(staff, "/shopapi/seckill/lists", { page: 1, page_size: 10, status: "all" });
    expect(list.list.map((row) => row.seckill_id)).toContain(seckill_id);
    await reads(staff, "/shopapi/seckill/detail", { seckill_id });
    await reads(staff, "/shopapi/seckill/close", { seckill_id });
    await reads(staff, "/shopapi/seckill/timedelete", { id });
    await reads(staff, "/shopapi/seckill/timeedit", { ...lastBody, id: last.id });
    const { auto_close_minutes } = await reads<{ auto_close_minutes: number }>(staff, "/shopapi/seckill/config");
    expect(auto_close_minutes).toBe(5);
    expect(await reads(staff, "/shopapi/seckill/setconfig", { auto_close_minutes: 10 })).toEqual({ auto_close_minutes: 10 });
  });
});
