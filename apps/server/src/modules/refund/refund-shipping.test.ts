import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { grantAccount, loginTestStaff } from "../order/test-fixtures.ts";
import { ok, paidOrder } from "./test-fixtures.ts";
import { ORDER_JOBS } from "../order/close.ts";

/**
 * Shipping and refunds of one order: a line being refunded cannot be shipped, a refunded one needs
 * no shipping, and an order whose unshipped lines were all refunded has shipped what it had to.
 */
describe(`shipping beside refunds (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let member: TestMember;
  let admin: string;
  let skus: number[];
  let companyId: number;
  const db = () => t.app.deps.db;
  const ship = (orderId: number, lineIds: number[]) =>
    t.call("/shopapi/order/delivery", { order_id: orderId, packages: [{ express_company_id: companyId, delivery_no: `SF${orderId}${lineIds.join("")}`, order_goods_ids: lineIds }] }, { token: admin });
  const orderStatus = async (orderId: number) => (await db().selectFrom("orders").select("order_status").where("order_id", "=", orderId).executeTakeFirstOrThrow()).order_status;

  beforeAll(async () => {
    t = await startTestApp();
    member = await registerMember(t);
    admin = await loginTestStaff(t, "admin");
    skus = [];
    for (const name of ["发货茶杯", "发货茶叶"]) {
      skus.push((await insertGoods(db(), name, { skus: [{ is_default: 1, discount_price_cents: 3000, price_cents: 3000, stock: 100 }] })).skuIds[0]!);
    }
    await grantAccount(db(), member.member_id, "balance", 100_000, `refund-ship-${member.member_id}`);
    companyId = (await db().insertInto("express_company").values({ company_name: "顺丰速运", code: "SF", sort: 1 }).returning("company_id").executeTakeFirstOrThrow()).company_id;
  });
  afterAll(() => t.close());

  it("a line with an open refund is not shipped, a refunded one needs none, and the order ships when the rest has gone", async () => {
    const order = await paidOrder(db(), { memberId: member.member_id, lines: [{ skuId: skus[0]!, num: 1 }, { skuId: skus[1]!, num: 1 }] });
    const [cupLine, teaLine] = order.lineIds as [number, number];
    await ok(t, "/api/orderrefund/refund", { order_goods_ids: String(teaLine), refund_type: 1, refund_reason: "拍错/多拍/不喜欢" }, member.token);

    expect(await ship(order.orderId, [teaLine])).toMatchObject({ code: -1, message: "商品「发货茶叶」退款处理中，不能发货" });
    expect(await ship(order.orderId, [cupLine])).toMatchObject({ code: 0, data: { order_status: 1 } });
    expect(await orderStatus(order.orderId)).toBe(1);

    await ok(t, "/shopapi/orderrefund/agree", { order_goods_id: teaLine }, admin);
    await ok(t, "/shopapi/orderrefund/transfer", { order_goods_id: teaLine }, admin);
    // Nothing is left to send: the order is 已发货 with its auto-receive timer, logged.
    expect(await orderStatus(order.orderId)).toBe(3);
    const jobs = await db().selectFrom("job").select("dedupe_key").where("dedupe_key", "like", `%:${order.orderId}`).execute();
    expect(jobs.map((job) => job.dedupe_key)).toContain(`${ORDER_JOBS.autoReceive}:${order.orderId}`);
    const log = await db().selectFrom("order_log").select(["action", "remark"]).where("order_id", "=", order.orderId).where("action", "=", "ship").execute();
    expect(log).toEqual([{ action: "ship", remark: "其余商品已退款，订单商品已全部发出" }]);
  });

  it("an unshipped order whose line was refunded in full ships the other line alone, and refuses the refunded one", async () => {
    const order = await paidOrder(db(), { memberId: member.member_id, lines: [{ skuId: skus[0]!, num: 1 }, { skuId: skus[1]!, num: 1 }] });
    const [cupLine, teaLine] = order.lineIds as [number, number];
    await ok(t, "/api/orderrefund/refund", { order_goods_ids: String(teaLine), refund_type: 1, refund_reason: "拍错/多拍/不喜欢" }, member.token);
    await ok(t, "/shopapi/orderrefund/agree", { order_goods_id: teaLine }, admin);
    await ok(t, "/shopapi/orderrefund/transfer", { order_goods_id: teaLine }, admin);
    expect(await orderStatus(order.orderId)).toBe(1);

    expect(await ship(order.orderId, [cupLine, teaLine])).toMatchObject({ code: -1, message: "商品「发货茶叶」已退款，无需发货" });
    expect(await ship(order.orderId, [cupLine])).toMatchObject({ code: 0, data: { order_status: 3 } });
  });
});
