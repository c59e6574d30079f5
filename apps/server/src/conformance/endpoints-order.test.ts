import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderDetail, OrderListPage } from "@shop/contract";
import type { TestApp } from "../test/harness.ts";
import { grantAccount, loginTestStaff } from "../modules/order/test-fixtures.ts";
import { ReferenceClient } from "./reference-client.ts";
import { list, type Shape } from "./field-shape.ts";
import { orderListItem, orderReads } from "./reads-buying.ts";
import { physicalSkus, placeOrder, signedInClient, startReferenceShop } from "./fixtures.ts";

/**
 * The member's orders as the reference's order pages call them (docs/api/order.md): the tabs and
 * their counts, the detail, each status's actions (close, take delivery, delete), the packages and
 * the evaluation info of a received order.
 */
const TABS = ["all", "waitpay", "waitsend", "waitconfirm", "wait_use", "waitrate"];

describe("conformance: member orders", () => {
  let t: TestApp;
  let member: ReferenceClient & { memberId: number };
  let skuIds: number[];
  /** a paid order, shipped and received */
  let received: number;
  beforeAll(async () => {
    t = await startReferenceShop();
    member = await signedInClient(t);
    skuIds = await physicalSkus(t, 2);
    await grantAccount(t.app.deps.db, member.memberId, "balance", 1_000_000_00, `conformance-${member.memberId}`);
    const order = await placeOrder(t, member, skuIds[0]!);
    expect(await member.data("/api/pay/pay", { out_trade_no: order.outTradeNo, pay_type: "balance" })).toMatchObject({ type: "paid" });
    const staff = new ReferenceClient(t, await loginTestStaff(t, "admin"));
    const detail = await member.data<OrderDetail>("/api/order/detail", { order_id: order.orderId });
    const companies = await staff.data<Array<{ company_id: number }>>("/shopapi/express/companies");
    await staff.data("/shopapi/order/delivery", {
      order_id: order.orderId,
      packages: [{ express_company_id: companies[0]!.company_id, delivery_no: "SF1234567890", order_goods_ids: detail.order_goods.map((line) => line.order_goods_id), trace: [{ remark: "已揽件" }] }],
    });
    received = order.orderId;
  });
  afterAll(() => t.close());

  it("/api/order/lists answers every tab the reference's order list has, /api/order/num their counts", async () => {
    // Some tabs are empty here: their page is checked, their items where there are some.
    const tabPage = { ...(orderReads["/api/order/lists"] as Shape), list: list(orderListItem, { mayBeEmpty: true }) };
    for (const order_status of TABS) await member.reads("/api/order/lists", { page: 1, page_size: 10, order_status, searchText: "" }, tabPage);
    const all = await member.reads<OrderListPage>("/api/order/lists", { page: 1, page_size: 10, order_status: "all" });
    expect(all.list.map((order) => order.order_id)).toContain(received);
    expect(await member.reads("/api/order/num")).toMatchObject({ waitconfirm: 1 });
  });

  it("/api/order/detail and /api/order/package answer the detail and logistics pages of a shipped order", async () => {
    await member.reads("/api/order/detail", { order_id: received });
    const [parcel] = await member.reads<Array<{ delivery_no: string }>>("/api/order/package", { order_id: received });
    expect(parcel!.delivery_no).toBe("SF1234567890");
  });

  it("/api/order/takedelivery, then /api/order/evluateinfo answer receiving and the evaluation page", async () => {
    await member.reads("/api/order/takedelivery", { order_id: received });
    expect(await member.reads("/api/order/evluateinfo", { order_id: received })).toMatchObject({ evaluate_status: 0 });
  });

  it("/api/order/close then /api/order/delete answer the actions of an unpaid and a closed order", async () => {
    const { orderId } = await placeOrder(t, member, skuIds[1]!);
    const listed = await member.data<OrderListPage>("/api/order/lists", { page: 1, page_size: 10, order_status: "waitpay" });
    expect(listed.list.find((order) => order.order_id === orderId)!.action.map((action) => action.action)).toEqual(["orderClose", "orderPay"]);
    await member.reads("/api/order/close", { order_id: orderId });
    await member.reads("/api/order/delete", { order_id: orderId });
    expect((await member.refused("/api/order/detail", { order_id: orderId }, -1)).message).toBe("订单不存在");
  });
});
