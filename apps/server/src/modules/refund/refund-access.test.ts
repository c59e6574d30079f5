import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ComplainDetail, Page, RefundDetail, StaffComplainDetail, StaffComplainListItem } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { grantAccount, loginTestStaff } from "../order/test-fixtures.ts";
import { ok, paidOrder, type PaidOrder } from "./test-fixtures.ts";
import { refundAllowsEvaluation } from "./rules.ts";

/**
 * Complaints about refused refunds; who may see and do what (another member's line answers like a
 * missing one, servicers have no refund permission); bad input on every call is -10006 in Chinese.
 */
describe(`refund complaints and access (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let member: TestMember;
  let other: TestMember;
  let admin: string;
  let servicer: string;
  let skuId: number;
  const db = () => t.app.deps.db;
  const call = <T>(path: string, body: object, who: TestMember = member) => ok<T>(t, path, body, who.token);
  const staff = <T>(path: string, body: object) => ok<T>(t, path, body, admin);
  const newOrder = async (): Promise<PaidOrder> => paidOrder(db(), { memberId: member.member_id, lines: [{ skuId, num: 1 }, { skuId, num: 2 }] });

  beforeAll(async () => {
    t = await startTestApp();
    member = await registerMember(t);
    other = await registerMember(t);
    admin = await loginTestStaff(t, "admin");
    servicer = await loginTestStaff(t, "servicer");
    skuId = (await insertGoods(db(), "投诉台灯", { skus: [{ is_default: 1, discount_price_cents: 2000, price_cents: 2000, stock: 500 }] })).skuIds[0]!;
    await grantAccount(db(), member.member_id, "balance", 100_000, `refund-access-${member.member_id}`);
  });
  afterAll(() => t.close());

  it("refused → complaint (once per refund) → the platform sides with the buyer: the refund goes on as agreed", async () => {
    const order = await newOrder();
    const [line] = order.lineIds as [number];
    await call("/api/orderrefund/refund", { order_goods_id: line, refund_reason: "商品与描述不符" });
    expect((await t.call("/api/ordercomplain/complain", { order_goods_id: line, complain_reason: "商家无理拒绝退款" }, { token: member.token })).message)
      .toBe("只有被商家拒绝的退款才能申请平台介入");
    await staff("/shopapi/orderrefund/refuse", { order_goods_id: line, refund_refuse_reason: "商品已使用，不支持退款" });
    const refused = await call<RefundDetail>("/api/orderrefund/detail", { order_goods_id: line });
    expect(refused).toMatchObject({ refund_status: -1, refund_status_name: "退款被拒绝", refund_refuse_reason: "商品已使用，不支持退款", complain: null });
    expect(refused.refund_action.map((action) => action.event)).toEqual(["orderRefundAsk", "orderRefundCancel", "orderRefundComplain", "orderRefundDetail"]);

    const before = await call<ComplainDetail>("/api/ordercomplain/detail", { order_goods_id: line });
    expect(before).toMatchObject({ can_complain: true, complain: null, refund: { refund_refuse_reason: "商品已使用，不支持退款" } });
    const { complain_id } = await call<{ complain_id: number }>("/api/ordercomplain/complain", {
      order_goods_id: line, complain_reason: "商家无理拒绝退款", complain_remark: "<b>未使用</b>", complain_images: "",
    });
    expect((await t.call("/api/ordercomplain/complain", { order_goods_id: line, complain_reason: "其他" }, { token: member.token })).message)
      .toBe("该退款已投诉过，每笔退款只能投诉一次");
    const filed = await call<ComplainDetail>("/api/ordercomplain/detail", { order_goods_id: line });
    expect(filed).toMatchObject({ can_complain: false, complain: { complain_id, complain_status: 1, complain_status_name: "待平台处理", complain_remark: "<b>未使用</b>" } });
    expect((await call<RefundDetail>("/api/orderrefund/detail", { order_goods_id: line })).refund_action.map((action) => action.event)).toContain("orderComplainDetail");

    // servicers may not handle complaints nor refunds
    expect((await t.call("/shopapi/ordercomplain/lists", {}, { token: servicer })).message).toBe("没有执行此操作的权限");
    expect((await t.call("/shopapi/orderrefund/agree", { order_goods_id: line }, { token: servicer })).message).toBe("没有执行此操作的权限");
    const waiting = await staff<Page<StaffComplainListItem>>("/shopapi/ordercomplain/lists", { complain_status: 1 });
    expect(waiting.list.map((item) => item.complain_id)).toContain(complain_id);
    const staffView = await staff<StaffComplainDetail>("/shopapi/ordercomplain/detail", { complain_id });
    expect(staffView.refund).toMatchObject({ refund_status: -1, member_id: member.member_id });
    expect(await staff("/shopapi/ordercomplain/handle", { complain_id, handle_remark: "商家应予退款", agree_refund: 1 })).toEqual({ complain_status: 2, refund_status: 2 });
    expect((await t.call("/shopapi/ordercomplain/handle", { complain_id, handle_remark: "再次" }, { token: admin })).message).toBe("投诉已处理或已撤销");
    const handled = await call<ComplainDetail>("/api/ordercomplain/detail", { order_goods_id: line });
    expect(handled.complain).toMatchObject({ complain_status: 2, complain_status_name: "已处理", handle_remark: "商家应予退款", refund_agreed: 1 });
    const detail = await call<RefundDetail>("/api/orderrefund/detail", { order_goods_id: line });
    expect(detail.refund_log.map((entry) => [entry.action, entry.actor_name]).slice(-2)).toEqual([["买家申请平台介入", "买家"], ["平台介入，同意退款", "平台"]]);
    await staff("/shopapi/orderrefund/transfer", { order_goods_id: line });
    expect((await call<RefundDetail>("/api/orderrefund/detail", { order_goods_id: line })).refund_status).toBe(3);
    const logged = await db().selectFrom("staff_log").select("action").where("action", "like", "refund.%").execute();
    expect(new Set(logged.map((row) => row.action))).toEqual(new Set(["refund.refuse", "refund.transfer"]));
  });

  it("a complaint can be withdrawn while waiting; a refund given up closes its waiting complaint", async () => {
    const order = await newOrder();
    const [first, second] = order.lineIds as [number, number];
    for (const line of [first, second]) {
      await call("/api/orderrefund/refund", { order_goods_id: line, refund_reason: "其他" });
      await staff("/shopapi/orderrefund/refuse", { order_goods_id: line, refund_refuse_reason: "不同意" });
      await call("/api/ordercomplain/complain", { order_goods_id: line, complain_reason: "其他" });
    }
    await call("/api/ordercomplain/cancel", { order_goods_id: first });
    expect((await call<ComplainDetail>("/api/ordercomplain/detail", { order_goods_id: first })).complain).toMatchObject({ complain_status: -1, complain_status_name: "已撤销" });
    expect((await t.call("/api/ordercomplain/cancel", { order_goods_id: first }, { token: member.token })).message).toBe("投诉已处理或已撤销，不能撤销");
    await call("/api/orderrefund/cancel", { order_goods_id: second });
    expect((await call<ComplainDetail>("/api/ordercomplain/detail", { order_goods_id: second })).complain?.complain_status).toBe(-1);
    // asking again after a refusal withdraws the complaint still waiting about it
    const third = (await newOrder()).lineIds[0]!;
    await call("/api/orderrefund/refund", { order_goods_id: third, refund_reason: "其他" });
    await staff("/shopapi/orderrefund/refuse", { order_goods_id: third, refund_refuse_reason: "不同意" });
    await call("/api/ordercomplain/complain", { order_goods_id: third, complain_reason: "其他" });
    await call("/api/orderrefund/refund", { order_goods_id: third, refund_reason: "其他" });
    const old = await db().selectFrom("order_complain").select("complain_status").where("order_goods_id", "=", third).executeTakeFirstOrThrow();
    expect(old.complain_status).toBe(-1);
    const mine = await call<Page<{ order_goods_id: number }>>("/api/ordercomplain/lists", { page: 1, page_size: 10 });
    expect(mine.list.map((item) => item.order_goods_id)).toEqual(expect.arrayContaining([first, second]));
  });

  it("another member's line answers exactly like a missing one, on every member call", async () => {
    const order = await newOrder();
    const [line] = order.lineIds as [number];
    await call("/api/orderrefund/refund", { order_goods_id: line, refund_reason: "其他" });
    await staff("/shopapi/orderrefund/refuse", { order_goods_id: line, refund_refuse_reason: "不同意" });
    const calls: Array<[string, (id: number) => object]> = [
      ["/api/orderrefund/refundData", (id) => ({ order_goods_id: id })],
      ["/api/orderrefund/refundDataBatch", (id) => ({ order_goods_ids: [id] })],
      ["/api/orderrefund/refund", (id) => ({ order_goods_id: id, refund_reason: "其他" })],
      ["/api/orderrefund/detail", (id) => ({ order_goods_id: id })],
      ["/api/orderrefund/delivery", (id) => ({ order_goods_id: id, refund_delivery_name: "顺丰", refund_delivery_no: "SF1" })],
      ["/api/orderrefund/cancel", (id) => ({ order_goods_id: id })],
      ["/api/ordercomplain/detail", (id) => ({ order_goods_id: id })],
      ["/api/ordercomplain/complain", (id) => ({ order_goods_id: id, complain_reason: "其他" })],
      ["/api/ordercomplain/cancel", (id) => ({ order_goods_id: id })],
    ];
    for (const [path, body] of calls) {
      const foreign = await t.call(path, body(line), { token: other.token });
      const missing = await t.call(path, body(2_000_000_000), { token: other.token });
      expect([path, foreign.code, foreign.message, foreign.data]).toEqual([path, missing.code, missing.message, missing.data]);
      expect(foreign.code).toBe(Code.ERROR);
    }
    expect((await t.call("/api/orderrefund/refundDataBatch", { order_id: order.orderId }, { token: other.token })).message).toBe("订单不存在");
    const theirs = await call<Page<unknown>>("/api/orderrefund/lists", {}, other);
    expect(theirs.count).toBe(0);
    // nothing changed for the owner
    expect((await call<RefundDetail>("/api/orderrefund/detail", { order_goods_id: line })).refund_status).toBe(-1);
  });

  it("bad input on every call is -10006 with a Chinese message, and writes nothing", async () => {
    const order = await newOrder();
    const [line] = order.lineIds as [number];
    const refundsBefore = await db().selectFrom("order_refund").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const bad: Array<[string, object, string]> = [
      ["/api/orderrefund/refundData", { order_goods_id: "abc" }, member.token],
      ["/api/orderrefund/refundData", {}, member.token],
      ["/api/orderrefund/refundDataBatch", {}, member.token],
      ["/api/orderrefund/refundDataBatch", { order_goods_ids: "1,x" }, member.token],
      ["/api/orderrefund/refund", { order_goods_id: line }, member.token],
      ["/api/orderrefund/refund", { order_goods_id: line, refund_reason: "其他", refund_type: 3 }, member.token],
      ["/api/orderrefund/refund", { order_goods_id: line, refund_reason: "随便写的原因" }, member.token],
      ["/api/orderrefund/refund", { order_goods_id: line, refund_reason: "其他", refund_money: "1.005" }, member.token],
      ["/api/orderrefund/refund", { order_goods_id: line, refund_reason: "其他", refund_money: "-1" }, member.token],
      ["/api/orderrefund/refund", { order_goods_id: line, refund_reason: "其他", refund_money: "999999" }, member.token],
      ["/api/orderrefund/refund", { order_goods_ids: [line, order.lineIds[1]], refund_reason: "其他", refund_money: "1" }, member.token],
      ["/api/orderrefund/refund", { order_goods_id: line, refund_reason: "其他", refund_images: ["/etc/passwd"] }, member.token],
      ["/api/orderrefund/refund", { order_goods_id: line, refund_reason: "其他", refund_remark: "长".repeat(201) }, member.token],
      ["/api/orderrefund/detail", { order_goods_id: -1 }, member.token],
      ["/api/orderrefund/delivery", { order_goods_id: line, refund_delivery_name: "", refund_delivery_no: "SF1" }, member.token],
      ["/api/orderrefund/delivery", { order_goods_id: line, refund_delivery_name: "顺丰", refund_delivery_no: "单号<script>" }, member.token],
      ["/api/orderrefund/cancel", { order_goods_id: 1.5 }, member.token],
      ["/api/orderrefund/lists", { refund_status: "nope" }, member.token],
      ["/api/orderrefund/lists", { page: 0 }, member.token],
      ["/api/ordercomplain/detail", { order_goods_id: "一" }, member.token],
      ["/api/ordercomplain/complain", { order_goods_id: line, complain_reason: "" }, member.token],
      ["/api/ordercomplain/cancel", {}, member.token],
      ["/api/ordercomplain/lists", { page_size: 1000 }, member.token],
      ["/shopapi/orderrefund/lists", { refund_status: 9 }, admin],
      ["/shopapi/orderrefund/detail", { order_goods_id: "x" }, admin],
      ["/shopapi/orderrefund/agree", { order_goods_id: line, refund_address: { name: "" } }, admin],
      ["/shopapi/orderrefund/refuse", { order_goods_id: line, refund_refuse_reason: " " }, admin],
      ["/shopapi/orderrefund/receive", { order_goods_id: 0 }, admin],
      ["/shopapi/orderrefund/transfer", { order_goods_id: line, shop_remark: "长".repeat(201) }, admin],
      ["/shopapi/ordercomplain/lists", { complain_status: 5 }, admin],
      ["/shopapi/ordercomplain/detail", {}, admin],
      ["/shopapi/ordercomplain/handle", { complain_id: 1, handle_remark: "" }, admin],
      ["/shopapi/ordercomplain/handle", { complain_id: 1, handle_remark: "好", agree_refund: 2 }, admin],
    ];
    const problems: string[] = [];
    for (const [path, body, token] of bad) {
      const answer = await t.call(path, body, { token });
      if (answer.code !== Code.PARAM || !/[\u4e00-\u9fa5]/.test(answer.message)) problems.push(`${path} ${JSON.stringify(body).slice(0, 60)}: ${answer.code} ${answer.message}`);
    }
    expect(problems).toEqual([]);
    const refundsAfter = await db().selectFrom("order_refund").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(refundsAfter.n)).toBe(Number(refundsBefore.n));
  });

  it("refundAllowsEvaluation: a refund in progress or money given back for the line blocks evaluating it", () => {
    expect([0, 1, 2, 3, 4, 5, 6, -1, -2, -3].filter((status) => !refundAllowsEvaluation(status))).toEqual([1, 2, 3, 4, 5, 6, -3]);
  });
});
