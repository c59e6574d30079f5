import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderCounts, OrderDetail, OrderEvaluateInfo, OrderListPage, OrderPackage } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { createTestOrder, grantAccount, insertExpressCompany, loginTestStaff, payTestOrder, type TestOrder, type TestOrderInput } from "./test-fixtures.ts";
import { OrderStatus, OrderType } from "./state-machine.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { cancelOpenTrades } from "../pay/trade.ts";

/** The member's order calls: lists and tabs, detail, actions per status, counts, and scoping to the owner. */
describe("member orders", () => {
  let t: TestApp;
  let alice: TestMember;
  let bob: TestMember;
  let admin: string;
  let cupSku: number;
  let teaSku: number;
  let companyId: number;

  const stockOf = async (skuId: number) =>
    (await t.app.deps.db.selectFrom("goods_sku").select("stock").where("sku_id", "=", skuId).executeTakeFirstOrThrow()).stock;

  const order = (member: TestMember, lines = [{ skuId: cupSku, num: 1 }], extra: Partial<TestOrderInput> = {}) =>
    createTestOrder(t.app.deps.db, { memberId: member.member_id, lines, ...extra });

  const call = <T>(path: string, body: object, member: TestMember) => t.call<T>(path, body, { token: member.token });

  /** Ships every line of a paid order in one package through the staff API. */
  const shipAll = async (target: TestOrder) => {
    const lines = await t.app.deps.db.selectFrom("order_goods").select("order_goods_id").where("order_id", "=", target.orderId).execute();
    const response = await t.call("/shopapi/order/delivery", {
      order_id: target.orderId,
      packages: [{ express_company_id: companyId, delivery_no: `SF${target.orderId}`, order_goods_ids: lines.map((line) => line.order_goods_id) }],
    }, { token: admin });
    expect(response.code, response.message).toBe(0);
  };

  beforeAll(async () => {
    t = await startTestApp();
    alice = await registerMember(t);
    bob = await registerMember(t);
    admin = await loginTestStaff(t, "admin");
    cupSku = (await insertGoods(t.app.deps.db, "青花瓷茶杯", { goods: { price_cents: 2550, goods_stock: 100 } })).skuIds[0]!;
    teaSku = (await insertGoods(t.app.deps.db, "西湖龙井 明前特级", { goods: { price_cents: 19900, goods_stock: 100 } })).skuIds[0]!;
    companyId = await insertExpressCompany(t.app.deps.db, "顺丰速运", "SF");
  });
  afterAll(() => t.close());

  it("lists the member's orders, newest first, with goods, names, money and the actions of the status", async () => {
    const member = await registerMember(t);
    const first = await order(member, [{ skuId: cupSku, num: 2 }, { skuId: teaSku, num: 1 }]);
    const second = await order(member, [{ skuId: teaSku, num: 1 }]);
    await order(bob);
    const { code, data } = await call<OrderListPage>("/api/order/lists", {}, member);
    expect(code).toBe(0);
    expect(data.count).toBe(2);
    expect(data.page_count).toBe(1);
    expect(data.auto_close).toBe(30);
    expect(data.list.map((item) => item.order_id)).toEqual([second.orderId, first.orderId].sort((a, b) => b - a));
    const item = data.list.find((entry) => entry.order_id === first.orderId)!;
    expect(item).toMatchObject({
      order_no: first.orderNo,
      out_trade_no: first.outTradeNo,
      order_type: 1,
      order_type_name: "普通订单",
      order_status: 0,
      order_status_name: "待支付",
      delivery_type_name: "物流配送",
      goods_money: "250.00",
      order_money: "250.00",
      pay_money: "250.00",
      goods_num: 3,
    });
    expect(item.auto_close_time).toBeGreaterThan(0);
    expect(item.order_goods).toHaveLength(2);
    expect(item.order_goods[0]).toMatchObject({ sku_id: cupSku, sku_name: "青花瓷茶杯", price: "25.50", num: 2, refund_status: 0, refund_status_name: "" });
    expect(item.order_goods[0]).toHaveProperty("sku_image");
    expect(item.action.map((action) => action.action)).toEqual(["orderClose", "orderPay"]);
  });

  it("filters by tab and searches by goods name or order number, with paging", async () => {
    const member = await registerMember(t);
    const unpaid = await order(member, [{ skuId: cupSku, num: 1 }]);
    const paid = await order(member, [{ skuId: teaSku, num: 1 }]);
    await payTestOrder(t.app.deps.db, paid);
    const shipped = await order(member, [{ skuId: teaSku, num: 2 }]);
    await payTestOrder(t.app.deps.db, shipped);
    await shipAll(shipped);
    const received = await order(member, [{ skuId: cupSku, num: 3 }]);
    await payTestOrder(t.app.deps.db, received);
    await shipAll(received);
    expect((await call("/api/order/takedelivery", { order_id: received.orderId }, member)).code).toBe(0);
    const pickup = await order(member, [{ skuId: cupSku, num: 1 }], { orderType: OrderType.PICKUP, verifyCode: `P${Date.now()}` });
    await payTestOrder(t.app.deps.db, pickup);
    const virtual = await order(member, [{ skuId: cupSku, num: 1 }], { orderType: OrderType.VIRTUAL, verifyCode: `V${Date.now()}` });
    await payTestOrder(t.app.deps.db, virtual);

    const ids = async (body: object) => (await call<OrderListPage>("/api/order/lists", body, member)).data.list.map((item) => item.order_id).sort();
    expect(await ids({ order_status: "waitpay" })).toEqual([unpaid.orderId]);
    expect(await ids({ order_status: "waitsend" })).toEqual([paid.orderId]);
    expect(await ids({ order_status: "waitconfirm" })).toEqual([shipped.orderId, pickup.orderId].sort());
    expect(await ids({ order_status: "wait_use" })).toEqual([virtual.orderId]);
    expect(await ids({ order_status: "waitrate" })).toEqual([received.orderId]);
    expect(await ids({ order_status: "all" })).toHaveLength(6);
    expect(await ids({ searchText: "龙井" })).toEqual([paid.orderId, shipped.orderId].sort());
    expect(await ids({ searchText: received.orderNo })).toEqual([received.orderId]);
    expect(await ids({ searchText: "100%_" })).toEqual([]);

    const counts = await call<OrderCounts>("/api/order/num", {}, member);
    expect(counts.data).toEqual({ waitpay: 1, waitsend: 1, waitconfirm: 2, wait_use: 1, waitrate: 1, refunding: 0 });

    const page1 = (await call<OrderListPage>("/api/order/lists", { page: 1, page_size: 4 }, member)).data;
    const page2 = (await call<OrderListPage>("/api/order/lists", { page: 2, page_size: 4 }, member)).data;
    expect([page1.count, page1.page_count, page1.list.length, page2.list.length]).toEqual([6, 2, 4, 2]);
    expect(new Set([...page1.list, ...page2.list].map((item) => item.order_id)).size).toBe(6);

    const actionsOf = async (target: TestOrder) =>
      (await call<OrderDetail>("/api/order/detail", { order_id: target.orderId }, member)).data.action.map((action) => action.action);
    expect(await actionsOf(paid)).toEqual([]);
    expect(await actionsOf(shipped)).toEqual(["memberTakeDelivery", "trace"]);
    expect(await actionsOf(received)).toEqual(["trace", "memberOrderEvaluation"]);
    expect(await actionsOf(pickup)).toEqual([]);

    const names = (await call<OrderListPage>("/api/order/lists", {}, member)).data.list.map((item) => [item.order_id, item.order_status_name]);
    expect(Object.fromEntries(names)).toMatchObject({
      [pickup.orderId]: "待提货", [virtual.orderId]: "待使用", [shipped.orderId]: "已发货", [received.orderId]: "已收货",
    });
  });

  it("gives the trade number only while that trade can still pay the order", async () => {
    const member = await registerMember(t);
    const target = await order(member);
    const tradeOf = async () => (await call<OrderListPage>("/api/order/lists", {}, member)).data.list[0]!.out_trade_no;
    expect(await tradeOf()).toBe(target.outTradeNo);
    await unitOfWork(t.app.deps.db, (tx) => cancelOpenTrades(tx, target.orderId));
    expect(await tradeOf()).toBe("");
    const detail = (await call<OrderDetail>("/api/order/detail", { order_id: target.orderId }, member)).data;
    expect([detail.out_trade_no, detail.action.map((action) => action.action)]).toEqual(["", ["orderClose", "orderPay"]]);
  });

  it("refuses a bad tab or paging with -10006", async () => {
    expect((await call("/api/order/lists", { order_status: "shipped" }, alice)).code).toBe(Code.PARAM);
    expect((await call("/api/order/lists", { page: 0 }, alice)).code).toBe(Code.PARAM);
    expect((await t.call("/api/order/lists", {})).code).toBe(Code.TOKEN_ERROR);
  });

  it("shows the detail: receiver, amounts, timeline and, for paid pickup / virtual orders, the code and its QR image", async () => {
    const member = await registerMember(t);
    await grantAccount(t.app.deps.db, member.member_id, "balance", 1000, `detail-${member.member_id}`);
    const target = await order(member, [{ skuId: cupSku, num: 2 }], { balanceCents: 1000 });
    const unpaid = (await call<OrderDetail>("/api/order/detail", { order_id: target.orderId }, member)).data;
    expect(unpaid).toMatchObject({
      name: "张三", mobile: "13800138000", full_address: "北京市 市辖区 东城区", address: "长安街 1 号",
      goods_money: "51.00", balance_money: "10.00", order_money: "51.00", pay_money: "41.00", adjust_money: "0.00",
      verify_code: "", verify_code_qrcode: "", delivery_store_info: null, package_list: [],
    });
    await payTestOrder(t.app.deps.db, target);
    const paid = (await call<OrderDetail>("/api/order/detail", { order_id: target.orderId }, member)).data;
    expect(paid.order_status_name).toBe("待发货");
    expect(paid.pay_time).toBeGreaterThan(0);
    expect(paid.order_log.map((entry) => [entry.action_name, entry.status_name, entry.actor_name])).toEqual([["支付", "待发货", "系统"]]);

    const code = `PK${target.orderId}`;
    const pickup = await order(member, [{ skuId: cupSku, num: 1 }], { orderType: OrderType.PICKUP, verifyCode: code });
    expect((await call<OrderDetail>("/api/order/detail", { order_id: pickup.orderId }, member)).data.verify_code).toBe("");
    await payTestOrder(t.app.deps.db, pickup);
    const pickupDetail = (await call<OrderDetail>("/api/order/detail", { order_id: pickup.orderId }, member)).data;
    expect(pickupDetail).toMatchObject({ order_type_name: "自提订单", delivery_type_name: "门店自提", order_status_name: "待提货", verify_code: code });
    expect(pickupDetail.verify_code_qrcode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(pickupDetail.verify_code_qrcode.split(",")[1]!, "base64").toString()).toContain("<svg");
  });

  it("member cancels an unpaid order with a reason: stock and balance come back, the log says who and why", async () => {
    const member = await registerMember(t);
    await grantAccount(t.app.deps.db, member.member_id, "balance", 500, `close-${member.member_id}`);
    const before = await stockOf(cupSku);
    const target = await order(member, [{ skuId: cupSku, num: 4 }], { balanceCents: 500 });
    expect(await stockOf(cupSku)).toBe(before - 4);
    const response = await call("/api/order/close", { order_id: target.orderId, reason: "我不想买了" }, member);
    expect(response.code, response.message).toBe(0);
    expect(await stockOf(cupSku)).toBe(before);
    const balance = await t.app.deps.db.selectFrom("member").select("balance_cents").where("member_id", "=", member.member_id).executeTakeFirstOrThrow();
    expect(balance.balance_cents).toBe(500);
    const detail = (await call<OrderDetail>("/api/order/detail", { order_id: target.orderId }, member)).data;
    expect(detail).toMatchObject({ order_status: -1, order_status_name: "已关闭", close_cause: "买家取消订单：我不想买了", out_trade_no: "" });
    expect(detail.action.map((action) => action.action)).toEqual(["orderDelete"]);
    expect(detail.order_log.at(-1)).toMatchObject({ action: "close", actor_type: "member", actor_name: "买家", remark: "买家取消订单：我不想买了" });
    const trade = await t.app.deps.db.selectFrom("pay").select("pay_status").where("out_trade_no", "=", target.outTradeNo).executeTakeFirstOrThrow();
    expect(trade.pay_status).toBe(-1);

    const again = await call("/api/order/close", { order_id: target.orderId }, member);
    expect(again).toMatchObject({ code: -1, message: "订单当前状态为「已关闭」，不能取消" });
    expect(await stockOf(cupSku)).toBe(before);
  });

  it("refuses actions the status does not allow, with a clear -1 message and nothing written", async () => {
    const member = await registerMember(t);
    const target = await order(member);
    const logRows = async () => (await t.app.deps.db.selectFrom("order_log").select("id").where("order_id", "=", target.orderId).execute()).length;
    expect(await call("/api/order/takedelivery", { order_id: target.orderId }, member)).toMatchObject({ code: -1, message: "订单当前状态为「待支付」，不能确认收货" });
    expect(await call("/api/order/delete", { order_id: target.orderId }, member)).toMatchObject({ code: -1, message: "订单当前状态为「待支付」，不能删除" });
    await payTestOrder(t.app.deps.db, target);
    expect(await call("/api/order/close", { order_id: target.orderId }, member)).toMatchObject({ code: -1, message: "订单当前状态为「待发货」，不能取消" });
    expect(await call("/api/order/takedelivery", { order_id: target.orderId }, member)).toMatchObject({ code: -1, message: "订单当前状态为「待发货」，不能确认收货" });
    expect(await logRows()).toBe(1);
    expect((await call("/api/order/evluateinfo", { order_id: target.orderId }, member))).toMatchObject({ code: -1, message: "订单尚未收货，暂不能评价" });
  });

  it("takes delivery of a shipped order; evaluate info then lists its goods; packages show company, number, goods and trace", async () => {
    const member = await registerMember(t);
    const target = await order(member, [{ skuId: cupSku, num: 1 }, { skuId: teaSku, num: 1 }]);
    await payTestOrder(t.app.deps.db, target);
    await shipAll(target);
    const packages = (await call<OrderPackage[]>("/api/order/package", { order_id: target.orderId }, member)).data;
    expect(packages).toHaveLength(1);
    expect(packages[0]).toMatchObject({ express_company_name: "顺丰速运", delivery_no: `SF${target.orderId}`, delivery_type: 1, package_name: "包裹1" });
    expect(packages[0]!.goods_list.map((line) => line.sku_id).sort()).toEqual([cupSku, teaSku].sort());
    expect(packages[0]!.trace.success).toBe(true);
    expect(packages[0]!.trace.list[0]!.remark).toContain(`SF${target.orderId}`);

    const response = await call("/api/order/takedelivery", { order_id: target.orderId }, member);
    expect(response.code, response.message).toBe(0);
    const detail = (await call<OrderDetail>("/api/order/detail", { order_id: target.orderId }, member)).data;
    expect(detail).toMatchObject({ order_status: OrderStatus.RECEIVED, order_status_name: "已收货" });
    expect(detail.sign_time).toBeGreaterThan(0);
    expect(detail.order_log.map((entry) => [entry.action, entry.actor_name])).toEqual([["pay", "系统"], ["ship", "商家"], ["take_delivery", "买家"]]);
    const evaluate = (await call<OrderEvaluateInfo>("/api/order/evluateinfo", { order_id: target.orderId }, member)).data;
    expect(evaluate.evaluate_status).toBe(0);
    expect(evaluate.list.map((line) => line.sku_id).sort()).toEqual([cupSku, teaSku].sort());
    expect(await call("/api/order/takedelivery", { order_id: target.orderId }, member)).toMatchObject({ code: -1, message: "订单当前状态为「已收货」，不能确认收货" });
  });

  it("deletes only a closed order, which then disappears from lists, counts and detail", async () => {
    const member = await registerMember(t);
    const target = await order(member);
    await call("/api/order/close", { order_id: target.orderId }, member);
    const response = await call("/api/order/delete", { order_id: target.orderId }, member);
    expect(response.code, response.message).toBe(0);
    expect((await call<OrderListPage>("/api/order/lists", {}, member)).data.count).toBe(0);
    expect(await call("/api/order/detail", { order_id: target.orderId }, member)).toMatchObject({ code: -1, message: "订单不存在" });
    expect(await call("/api/order/delete", { order_id: target.orderId }, member)).toMatchObject({ code: -1, message: "订单不存在" });
    // Staff still see it.
    expect((await t.call("/shopapi/order/detail", { order_id: target.orderId }, { token: admin })).code).toBe(0);
  });

  it("answers 订单不存在 for another member's order on every call, and changes nothing", async () => {
    const target = await order(alice);
    const before = await stockOf(cupSku);
    for (const path of ["/api/order/detail", "/api/order/close", "/api/order/takedelivery", "/api/order/delete", "/api/order/package", "/api/order/evluateinfo"]) {
      expect(await call(path, { order_id: target.orderId }, bob), path).toMatchObject({ code: -1, message: "订单不存在" });
    }
    expect(await call("/api/order/detail", { order_id: 99_999_999 }, bob)).toMatchObject({ code: -1, message: "订单不存在" });
    expect((await call<OrderListPage>("/api/order/lists", { searchText: target.orderNo }, bob)).data.count).toBe(0);
    expect(await stockOf(cupSku)).toBe(before);
    const detail = (await call<OrderDetail>("/api/order/detail", { order_id: target.orderId }, alice)).data;
    expect(detail.order_status).toBe(0);
  });
});
