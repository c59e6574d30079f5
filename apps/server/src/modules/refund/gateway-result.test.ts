import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RefundDetail, StaffRefundDetail } from "@shop/contract";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { grantAccount, loginTestStaff } from "../order/test-fixtures.ts";
import { formatYuan } from "@shop/contract/money";
import { signedSandboxNotify, signedSandboxRefundNotify, type SandboxRefundNotifyFields } from "../pay/providers/sandbox.ts";
import type { PayProvider, RefundRequest } from "../pay/providers/provider.ts";
import { appSandboxSecret, postForm } from "../pay/test-helpers.ts";
import { rsaPair, stubWechatPayEnv, wechatRefundNotify } from "../pay/wechatpay-testing.ts";
import { sendGatewayRefund } from "./jobs.ts";
import { gatewaysOf, ok, paidOrder, RecordingGateway } from "./test-fixtures.ts";

/**
 * The gateways' refund results, each applied once (issue 9, "the same refund notify twice → one
 * refund"): the sandbox end to end over HTTP (refund call → signed refund notify → arrived), the
 * same notify delivered again and at once, forged and unknown ones, the notify overtaking the job,
 * and WeChat Pay's REFUND.* notifies at /pay/notify/wechatpay. Money: the balance part moved once
 * at transfer; a notify moves none.
 */
const SANDBOX_NOTIFY = "/pay/notify/sandbox";
const WECHAT_NOTIFY = "/pay/notify/wechatpay";
/** This file's own port (the refund-notify range), one per database so both runs can overlap. */
const PORT = usingPostgres() ? 4611 : 4610;

describe(`gateway refund results (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let member: TestMember;
  let admin: string;
  let skuId: number;
  const db = () => t.app.deps.db;

  beforeAll(async () => {
    stubWechatPayEnv();
    t = await startTestApp({ config: { publicOrigin: `http://127.0.0.1:${PORT}`, port: PORT } });
    member = await registerMember(t);
    admin = await loginTestStaff(t, "admin");
    skuId = (await insertGoods(db(), "通知茶杯", { skus: [{ is_default: 1, discount_price_cents: 4000, price_cents: 4000, stock: 1000 }] })).skuIds[0]!;
    await grantAccount(db(), member.member_id, "balance", 100_000, `gateway-result-${member.member_id}`);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await t.close();
  });

  /** A ¥40.00 order (¥10.00 of it from the balance) paid through `gateway`, refunded in full by staff: the refund row, its gateway part to send. */
  async function transferredRefund(gateway: string) {
    const order = await paidOrder(db(), { memberId: member.member_id, lines: [{ skuId, num: 1 }], balanceCents: 1000 }, { gateway });
    const line = order.lineIds[0]!;
    await ok(t, "/api/orderrefund/refund", { order_goods_id: line, refund_reason: "协商一致退款" }, member.token);
    await ok(t, "/shopapi/orderrefund/agree", { order_goods_id: line }, admin);
    await ok(t, "/shopapi/orderrefund/transfer", { order_goods_id: line }, admin);
    const refund = await refundRow(line);
    expect([refund.refund_balance_money_cents, refund.refund_pay_money_cents, refund.refund_pay_status]).toEqual([1000, 3000, 1]);
    return { order, line, refund };
  }
  const refundRow = (line: number) => db().selectFrom("order_refund").selectAll().where("order_goods_id", "=", line).orderBy("refund_id", "desc").executeTakeFirstOrThrow();
  const timeline = async (refundId: number) =>
    (await db().selectFrom("order_refund_log").select("action").where("refund_id", "=", refundId).orderBy("id").execute()).map((row) => row.action);
  const refundLedgerRows = async (refundNo: string) =>
    (await db().selectFrom("member_account").select("account_data").where("business_id", "=", refundNo).execute()).length;
  const notifyOutcomes = async (refundNo: string) =>
    (await db().selectFrom("pay_notify_log").select(["outcome", "verified"]).where("out_trade_no", "=", refundNo).orderBy("id").execute()).map((row) => `${row.verified}:${row.outcome}`);
  /** Marks the gateway part sent, as the job does after the gateway accepted it. */
  const markSent = (refundId: number, name: string) => sendGatewayRefund(db(), gatewaysOf(new RecordingGateway(name)), refundId);
  const sandboxRefundNotify = (fields: SandboxRefundNotifyFields, secret = appSandboxSecret(t)) => signedSandboxRefundNotify(fields, secret);
  const noticeOf = (refund: { refund_no: string; refund_pay_money_cents: number }, outTradeNo: string, refundStatus = "SUCCESS"): SandboxRefundNotifyFields => ({
    outTradeNo, tradeNo: `GW${outTradeNo}`, outRefundNo: refund.refund_no, refundAmount: formatYuan(refund.refund_pay_money_cents), refundStatus,
  });

  it("sandbox, end to end over HTTP: the refund job's call is accepted, the gateway's signed refund notify reaches our route → arrived", async () => {
    const { line, refund } = await transferredRefund("sandbox");
    await t.app.listen({ port: PORT, host: "127.0.0.1" });
    // one sweep: the refund job calls the sandbox (accepted: sent), then the sandbox's notify job posts to our route
    await t.app.deps.jobs.runDue();
    const notifyJob = await db().selectFrom("job").select(["status", "payload"]).where("dedupe_key", "=", `pay.sandbox_notify:refund:${refund.refund_no}`).executeTakeFirstOrThrow();
    expect(notifyJob.status).toBe("done");
    expect(JSON.parse(notifyJob.payload).notify_url).toBe(`http://127.0.0.1:${PORT}/pay/notify/sandbox`);
    expect((await refundRow(line)).refund_pay_status).toBe(3);
    expect((await timeline(refund.refund_id)).slice(-2)).toEqual(["原路退款已提交", "原路退款已到账"]);
    expect(await notifyOutcomes(refund.refund_no)).toEqual(["1:refund_arrived"]);
    const detail = await ok<RefundDetail>(t, "/api/orderrefund/detail", { order_goods_id: line }, member.token);
    expect([detail.refund_pay_status, detail.refund_pay_status_name, detail.refund_way_name]).toEqual([3, "已到账", "原路退回：余额 ¥10.00，演示支付 ¥30.00"]);
    expect(detail.refund_log.at(-1)).toMatchObject({ action: "原路退款已到账", remark: expect.stringContaining("演示支付 ¥30.00 已退回至演示支付账户") });
  });

  it("the same refund notify delivered six times, five at once: one state change, one timeline line, the balance moved once", async () => {
    const { order, line, refund } = await transferredRefund("sandbox");
    await markSent(refund.refund_id, "sandbox");
    const balanceBefore = await db().selectFrom("member").select("balance_cents").where("member_id", "=", member.member_id).executeTakeFirstOrThrow();
    const fields = sandboxRefundNotify(noticeOf(refund, order.outTradeNo));
    const replies = await Promise.all(Array.from({ length: 5 }, () => postForm(t, SANDBOX_NOTIFY, fields)));
    replies.push(await postForm(t, SANDBOX_NOTIFY, fields));
    expect(replies.map((reply) => reply.body)).toEqual(Array(6).fill("success"));

    expect((await refundRow(line)).refund_pay_status).toBe(3);
    expect((await timeline(refund.refund_id)).filter((action) => action === "原路退款已到账")).toHaveLength(1);
    const outcomes = await notifyOutcomes(refund.refund_no);
    expect(outcomes.filter((outcome) => outcome === "1:refund_arrived")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "1:refund_repeated")).toHaveLength(5);
    expect(await refundLedgerRows(refund.refund_no)).toBe(1);
    const balanceAfter = await db().selectFrom("member").select("balance_cents").where("member_id", "=", member.member_id).executeTakeFirstOrThrow();
    expect(balanceAfter.balance_cents).toBe(balanceBefore.balance_cents);
    // once arrived, a late ABNORMAL for it changes nothing
    expect((await postForm(t, SANDBOX_NOTIFY, sandboxRefundNotify(noticeOf(refund, order.outTradeNo, "ABNORMAL")))).body).toBe("success");
    expect((await refundRow(line)).refund_pay_status).toBe(3);
  });

  it("a forged, unsigned or payment-keyed refund notify is refused and changes nothing", async () => {
    const { order, line, refund } = await transferredRefund("sandbox");
    await markSent(refund.refund_id, "sandbox");
    const before = await timeline(refund.refund_id);
    const genuine = noticeOf(refund, order.outTradeNo);
    const forged = sandboxRefundNotify(genuine, "not-the-secret");
    const { sign: _sign, ...unsigned } = sandboxRefundNotify(genuine);
    const altered = { ...sandboxRefundNotify(genuine), refund_amount: "0.01" };
    // a payment notify's signature over the same trade cannot pass for a refund result
    const paymentKeyed = { ...sandboxRefundNotify(genuine), sign: signedSandboxNotify({ outTradeNo: order.outTradeNo, tradeNo: "x", totalAmount: "30.00", tradeStatus: "TRADE_SUCCESS" }, appSandboxSecret(t)).sign! };
    for (const body of [forged, unsigned, altered, paymentKeyed]) expect((await postForm(t, SANDBOX_NOTIFY, body)).body).toBe("fail");
    expect((await refundRow(line)).refund_pay_status).toBe(2);
    expect(await timeline(refund.refund_id)).toEqual(before);
    const rejected = await db().selectFrom("pay_notify_log").select(["outcome", "verified"]).where("out_trade_no", "=", order.outTradeNo).execute();
    expect(rejected.map((row) => `${row.verified}:${row.outcome}`)).toEqual(["0:bad_signature", "0:malformed", "0:bad_signature", "0:bad_signature"]);
  });

  it("a signed notify for a refund number we never issued is acknowledged and changes nothing; one contradicting our refund is refused", async () => {
    const { order, line, refund } = await transferredRefund("sandbox");
    await markSent(refund.refund_id, "sandbox");
    const unknown = sandboxRefundNotify({ ...noticeOf(refund, order.outTradeNo), outRefundNo: "RF000000000000000000000" });
    expect((await postForm(t, SANDBOX_NOTIFY, unknown)).body).toBe("success");
    expect(await notifyOutcomes("RF000000000000000000000")).toEqual(["1:refund_unknown"]);
    const wrongAmount = sandboxRefundNotify({ ...noticeOf(refund, order.outTradeNo), refundAmount: "29.99" });
    const wrongTrade = sandboxRefundNotify({ ...noticeOf(refund, order.outTradeNo), outTradeNo: "2501010000000000000001" });
    expect((await postForm(t, SANDBOX_NOTIFY, wrongAmount)).body).toBe("fail");
    expect((await postForm(t, SANDBOX_NOTIFY, wrongTrade)).body).toBe("fail");
    expect(await notifyOutcomes(refund.refund_no)).toEqual(["1:refund_mismatch", "1:refund_mismatch"]);
    expect((await refundRow(line)).refund_pay_status).toBe(2);
    expect(await timeline(refund.refund_id)).not.toContain("原路退款已到账");
  });

  it("the notify arriving before the job marked the request sent still ends arrived (the late mark does nothing)", async () => {
    const { line, refund } = await transferredRefund("sandbox");
    /** A gateway whose notify beats its own answer: delivered (and applied) before refund() returns. */
    const eager = {
      name: "sandbox",
      title: "演示支付",
      async refund(request: RefundRequest) {
        const notify = sandboxRefundNotify({ outTradeNo: request.outTradeNo, tradeNo: request.tradeNo, outRefundNo: request.outRefundNo, refundAmount: formatYuan(request.refundCents), refundStatus: "SUCCESS" });
        expect((await postForm(t, SANDBOX_NOTIFY, notify)).body).toBe("success");
      },
    } as unknown as PayProvider;
    await sendGatewayRefund(db(), { gateways: new Map([["sandbox", eager]]) }, refund.refund_id);
    expect((await refundRow(line)).refund_pay_status).toBe(3);
    const actions = await timeline(refund.refund_id);
    expect(actions.filter((action) => action === "原路退款已到账")).toHaveLength(1);
    expect(actions).not.toContain("原路退款已提交");
  });

  it("WeChat Pay: REFUND.SUCCESS delivered at once five times → arrived once; forged → 400 FAIL; unknown refund → acknowledged", async () => {
    const { order, line, refund } = await transferredRefund("wechatpay");
    await markSent(refund.refund_id, "wechatpay");
    const post = (notify: ReturnType<typeof wechatRefundNotify>) => t.app.inject({ method: "POST", url: WECHAT_NOTIFY, payload: notify.rawBody, headers: notify.headers });
    const of = { outRefundNo: refund.refund_no, outTradeNo: order.outTradeNo, refundCents: 3000, totalCents: 3000 };

    const forged = await post(wechatRefundNotify(of, { signingKey: rsaPair().privateKey }));
    expect([forged.statusCode, forged.json().code]).toEqual([400, "FAIL"]);
    expect((await refundRow(line)).refund_pay_status).toBe(2);

    const notify = wechatRefundNotify(of);
    const replies = await Promise.all(Array.from({ length: 5 }, () => post(notify)));
    expect(replies.map((reply) => [reply.statusCode, reply.json().code])).toEqual(Array(5).fill([200, "SUCCESS"]));
    expect((await refundRow(line)).refund_pay_status).toBe(3);
    expect((await timeline(refund.refund_id)).filter((action) => action === "原路退款已到账")).toHaveLength(1);
    expect((await notifyOutcomes(refund.refund_no)).sort()).toEqual(["1:refund_arrived", ...Array(4).fill("1:refund_repeated")].sort());
    expect(await refundLedgerRows(refund.refund_no)).toBe(1);
    const detail = await ok<RefundDetail>(t, "/api/orderrefund/detail", { order_goods_id: line }, member.token);
    expect(detail.refund_log.at(-1)?.remark).toContain("微信支付 ¥30.00 已退回至招商银行信用卡0403");

    const unknown = await post(wechatRefundNotify({ ...of, outRefundNo: "RF111111111111111111111" }));
    expect([unknown.statusCode, unknown.json().code]).toEqual([200, "SUCCESS"]);
    expect(await notifyOutcomes("RF111111111111111111111")).toEqual(["1:refund_unknown"]);
  });

  it("WeChat Pay: REFUND.ABNORMAL marks the refund for staff once (staff detail shows it); a later REFUND.SUCCESS still arrives", async () => {
    const { order, line, refund } = await transferredRefund("wechatpay");
    await markSent(refund.refund_id, "wechatpay");
    const post = (notify: ReturnType<typeof wechatRefundNotify>) => t.app.inject({ method: "POST", url: WECHAT_NOTIFY, payload: notify.rawBody, headers: notify.headers });
    const of = { outRefundNo: refund.refund_no, outTradeNo: order.outTradeNo, refundCents: 3000, totalCents: 3000 };

    const abnormal = wechatRefundNotify({ ...of, status: "ABNORMAL" });
    const replies = await Promise.all([post(abnormal), post(abnormal), post(abnormal)]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200]);
    expect((await refundRow(line)).refund_pay_status).toBe(-1);
    expect((await timeline(refund.refund_id)).filter((action) => action === "原路退款异常，待商家处理")).toHaveLength(1);
    const staffView = await ok<StaffRefundDetail>(t, "/shopapi/orderrefund/detail", { order_goods_id: line }, admin);
    expect([staffView.refund_pay_status, staffView.refund_pay_status_name]).toEqual([-1, "退款异常，待商家处理"]);
    expect(staffView.refund_way_name).toBe("原路退回：余额 ¥10.00，微信支付 ¥30.00（退款异常，待商家处理）");
    expect(staffView.refund_log.at(-1)).toMatchObject({ action: "原路退款异常，待商家处理", remark: expect.stringContaining("请在微信支付商户平台处理") });

    // staff resent it from the merchant console: WeChat Pay reports success for the same refund number
    expect((await post(wechatRefundNotify(of))).statusCode).toBe(200);
    expect((await refundRow(line)).refund_pay_status).toBe(3);
    expect((await timeline(refund.refund_id)).filter((action) => action === "原路退款已到账")).toHaveLength(1);
  });

  it("WeChat Pay: REFUND.CLOSED marks it closed for staff, once", async () => {
    const { order, line, refund } = await transferredRefund("wechatpay");
    await markSent(refund.refund_id, "wechatpay");
    const closed = wechatRefundNotify({ outRefundNo: refund.refund_no, outTradeNo: order.outTradeNo, refundCents: 3000, totalCents: 3000, status: "CLOSED" });
    for (let i = 0; i < 2; i += 1) {
      const reply = await t.app.inject({ method: "POST", url: WECHAT_NOTIFY, payload: closed.rawBody, headers: closed.headers });
      expect(reply.statusCode).toBe(200);
    }
    expect((await refundRow(line)).refund_pay_status).toBe(-2);
    expect((await timeline(refund.refund_id)).filter((action) => action === "原路退款已关闭，待商家处理")).toHaveLength(1);
  });
});
