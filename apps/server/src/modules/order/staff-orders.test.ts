import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExpressCompany, OrderDetail, Page, StaffOrderDetail, StaffOrderListItem } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { settleTrade } from "../pay/trade.ts";
import { ORDER_JOBS } from "./close.ts";
import { OrderType, SYSTEM } from "./state-machine.ts";
import { createTestOrder, insertExpressCompany, loginTestStaff, payTestOrder, type TestOrder, type TestOrderInput } from "./test-fixtures.ts";

/** The staff API on orders: permissions, search, shipping, price adjustment, close, verification; every action logged. */
describe("staff order API", () => {
  let t: TestApp;
  let member: TestMember;
  let admin: string;
  let servicer: string;
  let cupSku: number;
  let teaSku: number;
  let sf: number;
  let yto: number;

  const db = () => t.app.deps.db;
  const staffCall = <T>(path: string, body: object, token = admin) => t.call<T>(path, body, { token });
  const order = (lines = [{ skuId: cupSku, num: 1 }], extra: Partial<TestOrderInput> = {}) =>
    createTestOrder(db(), { memberId: member.member_id, lines, ...extra });
  const paidOrder = async (lines?: Array<{ skuId: number; num: number }>, extra?: Partial<TestOrderInput>) => {
    const created = await order(lines, extra);
    await payTestOrder(db(), created);
    return created;
  };
  const lineIds = async (target: TestOrder) =>
    (await db().selectFrom("order_goods").select("order_goods_id").where("order_id", "=", target.orderId).orderBy("order_goods_id").execute()).map((row) => row.order_goods_id);
  const statusOf = async (target: TestOrder) =>
    (await db().selectFrom("orders").select("order_status").where("order_id", "=", target.orderId).executeTakeFirstOrThrow()).order_status;
  const stockOf = async (skuId: number) => (await db().selectFrom("goods_sku").select("stock").where("sku_id", "=", skuId).executeTakeFirstOrThrow()).stock;
  const staffLogs = async (target: TestOrder) =>
    db().selectFrom("staff_log").selectAll().where("target_type", "=", "order").where("target_id", "=", String(target.orderId)).orderBy("id").execute();

  beforeAll(async () => {
    t = await startTestApp();
    member = await registerMember(t);
    admin = await loginTestStaff(t, "admin");
    servicer = await loginTestStaff(t, "servicer");
    cupSku = (await insertGoods(db(), "青花瓷茶杯", { goods: { price_cents: 2550, goods_stock: 200 } })).skuIds[0]!;
    teaSku = (await insertGoods(db(), "西湖龙井", { goods: { price_cents: 19900, goods_stock: 200 } })).skuIds[0]!;
    sf = await insertExpressCompany(db(), "顺丰速运", "SF");
    yto = await insertExpressCompany(db(), "圆通速递", "YTO");
  });
  afterAll(() => t.close());

  it("needs a staff token; a member's token is not one", async () => {
    expect((await t.call("/shopapi/order/lists", {})).code).toBe(Code.TOKEN_ERROR);
    expect((await t.call("/shopapi/order/lists", {}, { token: member.token })).code).toBe(Code.TOKEN_ERROR);
    const viaHeader = await t.call<Page<StaffOrderListItem>>("/shopapi/order/lists", {}, { headers: { "x-staff-token": admin } });
    expect(viaHeader.code).toBe(0);
  });

  it("a servicer may look at orders but not ship, adjust, close or verify them", async () => {
    const unpaid = await order();
    const paid = await paidOrder();
    expect((await staffCall("/shopapi/order/lists", {}, servicer)).code).toBe(0);
    expect((await staffCall("/shopapi/order/detail", { order_id: paid.orderId }, servicer)).code).toBe(0);
    expect((await staffCall("/shopapi/express/companies", {}, servicer)).code).toBe(0);
    const refused = { code: -1, message: "没有执行此操作的权限" };
    const ids = await lineIds(paid);
    expect(await staffCall("/shopapi/order/delivery", { order_id: paid.orderId, packages: [{ express_company_id: sf, delivery_no: "X1", order_goods_ids: ids }] }, servicer)).toMatchObject(refused);
    expect(await staffCall("/shopapi/order/adjustprice", { order_id: unpaid.orderId, adjust_money: "-1.00" }, servicer)).toMatchObject(refused);
    expect(await staffCall("/shopapi/order/close", { order_id: unpaid.orderId }, servicer)).toMatchObject(refused);
    expect(await staffCall("/shopapi/order/verify", { verify_code: "ANY" }, servicer)).toMatchObject(refused);
    expect(await statusOf(paid)).toBe(1);
    expect(await statusOf(unpaid)).toBe(0);
    expect(await staffLogs(paid)).toEqual([]);
    expect(await staffLogs(unpaid)).toEqual([]);
  });

  it("lists and searches orders by status, order number, member, type and date, with paging", async () => {
    const other = await registerMember(t);
    const mine = await paidOrder([{ skuId: teaSku, num: 1 }]);
    const theirs = await createTestOrder(db(), { memberId: other.member_id, lines: [{ skuId: cupSku, num: 1 }] });
    const list = async (body: object) => (await staffCall<Page<StaffOrderListItem>>("/shopapi/order/lists", body)).data;
    const byOther = await list({ member: other.username });
    expect(byOther.list.map((item) => item.order_id)).toEqual([theirs.orderId]);
    expect(byOther.list[0]).toMatchObject({ member_id: other.member_id, member_username: other.username, name: "张三", order_status_name: "待支付" });
    expect((await list({ member: String(other.member_id) })).list.map((item) => item.order_id)).toEqual([theirs.orderId]);
    expect((await list({ order_no: mine.orderNo })).list.map((item) => item.order_id)).toEqual([mine.orderId]);
    expect((await list({ order_status: 1, member: member.username })).list.every((item) => item.order_status === 1)).toBe(true);
    expect((await list({ order_status: 0, order_no: mine.orderNo })).count).toBe(0);
    expect((await list({ order_type: OrderType.VIRTUAL, member: other.username })).count).toBe(0);
    expect((await list({ start_time: 1, end_time: 2 })).count).toBe(0);
    const all = await list({ page_size: 2 });
    expect(all.list).toHaveLength(2);
    expect(all.page_count).toBe(Math.ceil(all.count / 2));
    expect((await staffCall("/shopapi/order/lists", { order_status: 99 })).code).toBe(Code.PARAM);
  });

  it("lists the express companies to ship with", async () => {
    const companies = (await staffCall<ExpressCompany[]>("/shopapi/express/companies", {})).data;
    expect(companies.map((company) => company.company_name)).toEqual(expect.arrayContaining(["顺丰速运", "圆通速递"]));
  });

  it("ships in several packages: the order is 已发货 when the last goods leave, the trace starts with what was entered", async () => {
    const target = await paidOrder([{ skuId: cupSku, num: 1 }, { skuId: teaSku, num: 2 }]);
    const [cupLine, teaLine] = await lineIds(target);
    const first = await staffCall<{ package_ids: number[]; order_status: number }>("/shopapi/order/delivery", {
      order_id: target.orderId,
      packages: [{ express_company_id: sf, delivery_no: "SF1001", order_goods_ids: [cupLine], trace: [{ time: 1_800_000_000, remark: "已揽件" }] }],
    });
    expect(first.code, first.message).toBe(0);
    expect(first.data.order_status).toBe(1);
    const again = await staffCall("/shopapi/order/delivery", { order_id: target.orderId, packages: [{ express_company_id: yto, delivery_no: "YT9", order_goods_ids: [cupLine] }] });
    expect(again).toMatchObject({ code: -1, message: "所选商品已发货，请刷新后重试" });

    const second = await staffCall<{ package_ids: number[]; order_status: number }>("/shopapi/order/delivery", {
      order_id: target.orderId,
      packages: [{ delivery_type: 0, order_goods_ids: [teaLine] }],
    });
    expect(second.code, second.message).toBe(0);
    expect(second.data.order_status).toBe(3);

    const detail = (await staffCall<StaffOrderDetail>("/shopapi/order/detail", { order_id: target.orderId })).data;
    expect(detail.order_status_name).toBe("已发货");
    expect(detail.delivery_time).toBeGreaterThan(0);
    expect(detail.package_list.map((pkg) => [pkg.package_name, pkg.express_company_name, pkg.delivery_no, pkg.goods_list.map((line) => line.order_goods_id)])).toEqual([
      ["包裹1", "顺丰速运", "SF1001", [cupLine]],
      ["包裹2", "", "", [teaLine]],
    ]);
    expect(detail.package_list[0]!.trace).toEqual({ success: true, reason: "", list: [{ time: 1_800_000_000, remark: "已揽件" }] });
    expect(detail.package_list[1]!.trace.list[0]!.remark).toBe("商家已发货，无需物流");
    expect(detail.order_goods.map((line) => line.delivery_status_name)).toEqual(["已发货", "已发货"]);
    expect(detail.order_log.map((entry) => [entry.action, entry.actor_name])).toEqual([["pay", "测试支付"], ["ship_package", "测试管理员"], ["ship", "测试管理员"]]);

    const logs = await staffLogs(target);
    expect(logs.map((log) => [log.action, log.staff_name.startsWith("staff_admin_")])).toEqual([["order.ship", true], ["order.ship", true]]);
    expect(JSON.parse(logs[1]!.detail)).toMatchObject({ all_shipped: true });

    const job = await db().selectFrom("job").selectAll().where("dedupe_key", "=", `${ORDER_JOBS.autoReceive}:${target.orderId}`).executeTakeFirstOrThrow();
    expect(job.status).toBe("pending");
    expect(job.run_at - Math.floor(Date.now() / 1000)).toBeGreaterThan(7 * 86400 - 60);
    expect(job.run_at - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(7 * 86400);

    const member_view = (await t.call<OrderDetail>("/api/order/detail", { order_id: target.orderId }, { token: member.token })).data;
    expect(member_view.order_log.map((entry) => entry.actor_name)).toEqual(["系统", "商家", "商家"]);
  });

  it("refuses bad shipments with a clear message and writes nothing", async () => {
    const target = await paidOrder([{ skuId: cupSku, num: 1 }]);
    const otherOrder = await paidOrder([{ skuId: cupSku, num: 1 }]);
    const [line] = await lineIds(target);
    const [foreignLine] = await lineIds(otherOrder);
    const ship = (packages: object[], orderId = target.orderId) => staffCall("/shopapi/order/delivery", { order_id: orderId, packages });
    expect(await ship([{ express_company_id: sf, delivery_no: "A1", order_goods_ids: [foreignLine] }])).toMatchObject({ code: -1, message: `订单中没有商品 ${foreignLine}` });
    expect(await ship([{ express_company_id: sf, delivery_no: "A1", order_goods_ids: [line] }, { delivery_type: 0, order_goods_ids: [line] }])).toMatchObject({ code: -1, message: "同一件商品不能放进两个包裹" });
    expect(await ship([{ delivery_no: "A1", order_goods_ids: [line] }])).toMatchObject({ code: -1, message: "请选择快递公司" });
    expect(await ship([{ express_company_id: sf, order_goods_ids: [line] }])).toMatchObject({ code: -1, message: "请填写快递单号" });
    expect(await ship([{ express_company_id: 987654, delivery_no: "A1", order_goods_ids: [line] }])).toMatchObject({ code: -1, message: "快递公司不存在" });
    const oversized = await ship([{ express_company_id: 2_147_483_648, delivery_no: "A1", order_goods_ids: [line] }]);
    expect(oversized).toMatchObject({ code: Code.PARAM });
    expect(oversized.message).toContain("express_company_id");
    expect((await ship([{ express_company_id: sf, delivery_no: "A1", order_goods_ids: [] }])).code).toBe(Code.PARAM);
    expect((await ship([])).code).toBe(Code.PARAM);
    expect(await ship([{ express_company_id: sf, delivery_no: "A1", order_goods_ids: [line] }], 99_999_999)).toMatchObject({ code: -1, message: "订单不存在" });
    const unpaid = await order();
    const [unpaidLine] = await lineIds(unpaid);
    expect(await ship([{ express_company_id: sf, delivery_no: "A1", order_goods_ids: [unpaidLine] }], unpaid.orderId)).toMatchObject({ code: -1, message: "订单当前状态为「待支付」，不能发货" });
    const pickup = await paidOrder([{ skuId: cupSku, num: 1 }], { orderType: OrderType.PICKUP, verifyCode: `NOSHIP${Date.now()}` });
    const [pickupLine] = await lineIds(pickup);
    expect(await ship([{ express_company_id: sf, delivery_no: "A1", order_goods_ids: [pickupLine] }], pickup.orderId)).toMatchObject({ code: -1, message: "订单当前状态为「待提货」，不能发货" });

    expect(await statusOf(target)).toBe(1);
    expect(await db().selectFrom("order_package").select("package_id").where("order_id", "in", [target.orderId, unpaid.orderId, pickup.orderId]).execute()).toEqual([]);
    const shippedLines = await db().selectFrom("order_goods").select("order_goods_id").where("order_id", "=", target.orderId).where("delivery_status", "=", 1).execute();
    expect(shippedLines).toEqual([]);
    expect(await staffLogs(target)).toEqual([]);
  });

  it("adjusts the price before payment: a new trade replaces the old one, which can no longer pay the order", async () => {
    const target = await order([{ skuId: cupSku, num: 2 }]);
    expect(target.payMoneyCents).toBe(5100);
    const response = await staffCall<{ pay_money: string; out_trade_no: string }>("/shopapi/order/adjustprice", { order_id: target.orderId, adjust_money: "-5.50", delivery_money: "8.00" });
    expect(response.code, response.message).toBe(0);
    expect(response.data.pay_money).toBe("53.50");
    expect(response.data.out_trade_no).not.toBe(target.outTradeNo);

    const row = await db().selectFrom("orders").selectAll().where("order_id", "=", target.orderId).executeTakeFirstOrThrow();
    expect([row.adjust_money_cents, row.delivery_money_cents, row.order_money_cents, row.pay_money_cents, row.out_trade_no]).toEqual([-550, 800, 5350, 5350, response.data.out_trade_no]);
    const trades = await db().selectFrom("pay").select(["out_trade_no", "pay_status", "pay_money_cents"]).where("order_ids", "like", `%,${target.orderId},%`).orderBy("id").execute();
    expect(trades).toEqual([
      { out_trade_no: target.outTradeNo, pay_status: -1, pay_money_cents: 5100 },
      { out_trade_no: response.data.out_trade_no, pay_status: 0, pay_money_cents: 5350 },
    ]);

    // The old link, paid for the old amount, reopens nothing: it is flagged for refund.
    const outcome = await unitOfWork(db(), (tx) => settleTrade(tx, target.outTradeNo, { payType: "balance", tradeNo: "", amountCents: 5100, actor: SYSTEM }));
    expect(outcome).toBe("late");
    expect(await statusOf(target)).toBe(0);

    // Same values again: nothing changes, the open trade stays.
    const repeat = await staffCall<{ pay_money: string; out_trade_no: string }>("/shopapi/order/adjustprice", { order_id: target.orderId, adjust_money: "-5.50", delivery_money: "8.00" });
    expect(repeat.data).toEqual(response.data);

    const detail = (await t.call<OrderDetail>("/api/order/detail", { order_id: target.orderId }, { token: member.token })).data;
    expect(detail).toMatchObject({ adjust_money: "-5.50", delivery_money: "8.00", pay_money: "53.50", out_trade_no: response.data.out_trade_no });
    expect(detail.order_log.map((entry) => entry.action)).toEqual(["adjust_price"]);
    expect((await staffLogs(target)).map((log) => log.action)).toEqual(["order.adjust_price"]);

    await payTestOrder(db(), { outTradeNo: response.data.out_trade_no, payMoneyCents: 5350 });
    expect(await statusOf(target)).toBe(1);
    expect(await staffCall("/shopapi/order/adjustprice", { order_id: target.orderId, adjust_money: "-1" })).toMatchObject({ code: -1, message: "订单当前状态为「待发货」，不能调整价格" });
  });

  it("refuses a price below ¥0.01 and malformed amounts", async () => {
    const target = await order([{ skuId: cupSku, num: 1 }]);
    expect(await staffCall("/shopapi/order/adjustprice", { order_id: target.orderId, adjust_money: "-25.50" })).toMatchObject({ code: -1, message: "调整后的应付金额不能低于 0.01 元" });
    expect((await staffCall("/shopapi/order/adjustprice", { order_id: target.orderId, adjust_money: "-1.005" })).code).toBe(Code.PARAM);
    expect((await staffCall("/shopapi/order/adjustprice", { order_id: target.orderId, adjust_money: "0x10" })).code).toBe(Code.PARAM);
    expect((await staffCall("/shopapi/order/adjustprice", { order_id: target.orderId, delivery_money: "-3" })).code).toBe(Code.PARAM);
    const ok = await staffCall<{ pay_money: string }>("/shopapi/order/adjustprice", { order_id: target.orderId, adjust_money: "-25.49" });
    expect(ok.data.pay_money).toBe("0.01");
    const trade = await db().selectFrom("pay").select("pay_status").where("out_trade_no", "=", target.outTradeNo).executeTakeFirstOrThrow();
    expect(trade.pay_status).toBe(-1);
  });

  it("closes an unpaid order as the staff member: stock back, logged twice (order and staff)", async () => {
    const before = await stockOf(teaSku);
    const target = await order([{ skuId: teaSku, num: 3 }]);
    const response = await staffCall("/shopapi/order/close", { order_id: target.orderId, reason: "买家要求" });
    expect(response.code, response.message).toBe(0);
    expect(await stockOf(teaSku)).toBe(before);
    const detail = (await staffCall<StaffOrderDetail>("/shopapi/order/detail", { order_id: target.orderId })).data;
    expect(detail).toMatchObject({ order_status: -1, close_cause: "商家关闭订单：买家要求", member_username: member.username });
    expect(detail.order_log.at(-1)).toMatchObject({ action: "close", actor_type: "staff", actor_name: "测试管理员" });
    expect((await staffLogs(target)).map((log) => [log.action, JSON.parse(log.detail)])).toEqual([["order.close", { reason: "买家要求" }]]);
    expect(await staffCall("/shopapi/order/close", { order_id: target.orderId })).toMatchObject({ code: -1, message: "订单当前状态为「已关闭」，不能关闭" });
    expect(await stockOf(teaSku)).toBe(before);
    const paid = await paidOrder();
    expect(await staffCall("/shopapi/order/close", { order_id: paid.orderId })).toMatchObject({ code: -1, message: "订单当前状态为「待发货」，不能关闭" });
  });

  it("verifies pickup and virtual codes once paid, once", async () => {
    const pickupCode = `PICK${Date.now()}`;
    const unpaidPickup = await order([{ skuId: cupSku, num: 1 }], { orderType: OrderType.PICKUP, verifyCode: pickupCode });
    expect(await staffCall("/shopapi/order/verify", { verify_code: pickupCode })).toMatchObject({ code: -1, message: "订单尚未支付，不能核销" });
    await payTestOrder(db(), unpaidPickup);
    const verified = await staffCall("/shopapi/order/verify", { verify_code: pickupCode });
    expect(verified).toMatchObject({ code: 0, data: { order_id: unpaidPickup.orderId, order_status: 4, order_status_name: "已提货" } });
    expect(await staffCall("/shopapi/order/verify", { verify_code: pickupCode })).toMatchObject({ code: -1, message: "核销码已使用" });

    const virtualCode = `VIRT${Date.now()}`;
    const virtual = await paidOrder([{ skuId: cupSku, num: 1 }], { orderType: OrderType.VIRTUAL, verifyCode: virtualCode });
    expect(await staffCall("/shopapi/order/verify", { verify_code: virtualCode })).toMatchObject({ code: 0, data: { order_id: virtual.orderId, order_status: 12, order_status_name: "已使用" } });
    expect(await staffCall("/shopapi/order/verify", { verify_code: "NO-SUCH-CODE" })).toMatchObject({ code: -1, message: "核销码无效" });
    expect((await staffCall("/shopapi/order/verify", {})).code).toBe(Code.PARAM);
    expect((await staffLogs(unpaidPickup)).map((log) => log.action)).toEqual(["order.verify"]);
    const log = await db().selectFrom("order_log").selectAll().where("order_id", "=", virtual.orderId).where("action", "=", "verify").executeTakeFirstOrThrow();
    expect(log).toMatchObject({ from_status: 11, to_status: 12, actor_type: "staff" });
  });
});
