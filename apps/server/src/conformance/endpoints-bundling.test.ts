import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BundlingDetail, OrderPaymentPreview, Page, StaffBundling } from "@shop/contract";
import type { TestApp } from "../test/harness.ts";
import type { ReferenceClient } from "./reference-client.ts";
import { addBeijingAddress, startShopWithClients } from "./fixtures.ts";

/**
 * Combos as the reference's pages call them (docs/api/bundling.md): the SKU page's 组合套餐
 * ({sku_id}), a combo's page {bl_id}, its checkout {bl_id, num} (with our per-goods sku_ids), the
 * checkout's coupons and the staff's combos (ours). The seeded shop has running, upcoming and ended combos.
 */
describe("conformance: combos", () => {
  let t: TestApp;
  let guest: ReferenceClient;
  let member: ReferenceClient;
  let staff: ReferenceClient;
  let addressId: number;
  let running: BundlingDetail;
  beforeAll(async () => {
    ({ t, guest, member, staff } = await startShopWithClients());
    addressId = await addBeijingAddress(member);
    const at = Math.floor(Date.now() / 1000);
    const row = await t.app.deps.db
      .selectFrom("promotion_bundling")
      .select("bl_id")
      .where("start_time", "<=", at)
      .where("end_time", ">", at)
      .orderBy("bl_id")
      .executeTakeFirstOrThrow();
    running = await guest.data<BundlingDetail>("/bundling/api/bundling/detail", { bl_id: row.bl_id });
  });
  afterAll(() => t.close());

  it("/bundling/api/bundling/detail and lists answer a combo's page and the SKU page's 组合套餐", async () => {
    const detail = await guest.reads<BundlingDetail>("/bundling/api/bundling/detail", { bl_id: running.bl_id });
    expect(detail.status).toBe(2);
    const onSku = await guest.reads<BundlingDetail[]>("/bundling/api/bundling/lists", { sku_id: detail.bundling_goods[0]!.sku_id });
    expect(onSku.map((combo) => combo.bl_id)).toContain(detail.bl_id);
  });

  it("/bundling/api/ordercreate/payment, getcouponlist, calculate and create buy packages at the combo price", async () => {
    const skuIds = running.bundling_goods.map((goods) => goods.sku_list.at(-1)!.sku_id).join(",");
    const preview = await member.reads<OrderPaymentPreview>("/bundling/api/ordercreate/payment", { bl_id: running.bl_id, num: 2, sku_ids: skuIds });
    expect(preview.goods_money).toBe((Number(running.bl_price) * 2).toFixed(2));
    await member.reads("/bundling/api/ordercreate/getcouponlist", { order_key: preview.order_key });
    const choices = { order_key: preview.order_key, delivery: JSON.stringify({ delivery_type: "express" }), member_address: JSON.stringify({ id: addressId }), coupon: JSON.stringify({}), is_balance: 0, is_point: 0 };
    await member.reads("/bundling/api/ordercreate/calculate", choices);
    expect(await member.reads<string>("/bundling/api/ordercreate/create", { ...choices, pay_password: "" })).toMatch(/^\d+$/);
  });

  it("/shopapi/bundling/* create, edit, list, detail and close a combo (ours)", async () => {
    const goods = await t.app.deps.db.selectFrom("goods").select("goods_id").where("goods_state", "=", 1).where("goods_class", "=", 1).orderBy("goods_id").limit(2).execute();
    const at = Math.floor(Date.now() / 1000);
    const body = {
      bl_name: "一致性套餐", bl_price: "99.90", start_time: at - 60, end_time: at + 86_400,
      goods_list: JSON.stringify(goods.map((row) => ({ goods_id: row.goods_id, num: 1 }))),
    };
    const { bl_id } = await staff.reads<{ bl_id: number }>("/shopapi/bundling/add", body);
    await staff.reads("/shopapi/bundling/edit", { ...body, bl_id, bl_price: "88.80" });
    await staff.reads<Page<StaffBundling>>("/shopapi/bundling/lists", { page: 1, page_size: 10, status: "all" });
    expect((await staff.reads<StaffBundling>("/shopapi/bundling/detail", { bl_id })).bl_price).toBe("88.80");
    await staff.reads("/shopapi/bundling/close", { bl_id });
  });
});
