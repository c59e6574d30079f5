import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GroupbuyDetail, GroupbuyItem, OrderPaymentPreview, Page, StaffGroupbuy } from "@shop/contract";
import type { TestApp } from "../test/harness.ts";
import type { ReferenceClient } from "./reference-client.ts";
import { addBeijingAddress, startShopWithClients } from "./fixtures.ts";

/**
 * Group buys as the reference's pages call them (docs/api/groupbuy.md): the running list and a group
 * buy's page for a guest, its checkout {groupbuy_id, sku_id, num} with the choices as JSON strings,
 * and the staff's group buys (ours). The seeded shop has running, upcoming and ended group buys.
 */
describe("conformance: group buys", () => {
  let t: TestApp;
  let guest: ReferenceClient;
  let member: ReferenceClient;
  let staff: ReferenceClient;
  let addressId: number;
  beforeAll(async () => {
    ({ t, guest, member, staff } = await startShopWithClients());
    addressId = await addBeijingAddress(member);
  });
  afterAll(() => t.close());

  it("/groupbuy/api/goods/page and detail answer the group-buy list and page (detail by the reference's {id} too)", async () => {
    const running = await guest.reads<Page<GroupbuyItem>>("/groupbuy/api/goods/page", { page: 1, page_size: 20 });
    expect(running.list.length).toBeGreaterThan(0);
    expect(running.list.every((item) => item.status === 2)).toBe(true);
    const detail = await guest.reads<GroupbuyDetail>("/groupbuy/api/goods/detail", { id: running.list[0]!.groupbuy_id });
    expect(detail.goods_sku_detail.groupbuy_price).toBe(running.list[0]!.groupbuy_price);
  });

  it("/groupbuy/api/ordercreate/payment, calculate and create buy at the group-buy price", async () => {
    const running = await guest.data<Page<GroupbuyItem>>("/groupbuy/api/goods/page", { page: 1, page_size: 20 });
    const groupbuy = running.list.find((item) => item.stock >= item.buy_num)!;
    const preview = await member.reads<OrderPaymentPreview>("/groupbuy/api/ordercreate/payment", {
      groupbuy_id: groupbuy.groupbuy_id, sku_id: groupbuy.sku_id, num: groupbuy.buy_num,
    });
    expect(preview.goods_list[0]!.price).toBe(groupbuy.groupbuy_price);
    const choices = { order_key: preview.order_key, delivery: JSON.stringify({ delivery_type: "express" }), member_address: JSON.stringify({ id: addressId }), coupon: JSON.stringify({}), is_balance: 0, is_point: 0 };
    await member.reads("/groupbuy/api/ordercreate/calculate", choices);
    expect(await member.reads<string>("/groupbuy/api/ordercreate/create", { ...choices, pay_password: "" })).toMatch(/^\d+$/);
  });

  it("/shopapi/groupbuy/* create, edit, list, detail and close a group buy (ours)", async () => {
    const sku = await t.app.deps.db
      .selectFrom("goods_sku")
      .innerJoin("goods", "goods.goods_id", "goods_sku.goods_id")
      .select(["goods_sku.sku_id", "goods_sku.goods_id", "goods_sku.discount_price_cents"])
      .where("goods.goods_state", "=", 1)
      .where("goods_sku.goods_id", "not in", (eb) => eb.selectFrom("promotion_groupbuy").select("goods_id"))
      .orderBy("goods_sku.sku_id")
      .executeTakeFirstOrThrow();
    const at = Math.floor(Date.now() / 1000);
    const body = {
      groupbuy_name: "一致性团购", goods_id: sku.goods_id, buy_num: 2, start_time: at - 60, end_time: at + 86_400,
      sku_list: JSON.stringify([{ sku_id: sku.sku_id, groupbuy_price: ((sku.discount_price_cents - 1) / 100).toFixed(2) }]),
    };
    const { groupbuy_id } = await staff.reads<{ groupbuy_id: number }>("/shopapi/groupbuy/add", body);
    await staff.reads("/shopapi/groupbuy/edit", { ...body, groupbuy_id, groupbuy_name: "一致性团购（改）" });
    await staff.reads<Page<StaffGroupbuy>>("/shopapi/groupbuy/lists", { page: 1, page_size: 10, status: "running" });
    expect((await staff.reads<StaffGroupbuy>("/shopapi/groupbuy/detail", { groupbuy_id })).groupbuy_name).toBe("一致性团购（改）");
    await staff.reads("/shopapi/groupbuy/close", { groupbuy_id });
    expect((await guest.refused("/groupbuy/api/goods/detail", { groupbuy_id: 2_000_000 })).message).toBe("团购活动不存在");
  });
});
