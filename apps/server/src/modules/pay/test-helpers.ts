import { afterAll, beforeAll } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { createTestOrder, type TestOrder } from "../order/test-fixtures.ts";
import { sandboxSecret } from "./config.ts";
import { signedSandboxNotify, type SandboxNotifyFields } from "./providers/sandbox.ts";

/** Helpers for the payment tests (not imported by production code). */

/** The set-up of most payment tests: a fresh app, a member and a ¥30.00 SKU, handed to `use` before the tests run. */
export function withPayTestApp(use: (ready: { t: TestApp; member: TestMember; skuId: number }) => void): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp();
    const member = await registerMember(app);
    use({ t: app, member, skuId: await insertThirtyYuanSku(app) });
  });
  afterAll(() => app?.close());
}

/** A SKU at ¥30.00 with plenty of stock. */
export async function insertThirtyYuanSku(t: TestApp, name = "测试保温杯"): Promise<number> {
  const goods = await insertGoods(t.app.deps.db, name, { skus: [{ sku_name: `${name} 500ml`, is_default: 1, discount_price_cents: 3000, price_cents: 3000, stock: 1000 }] });
  return goods.skuIds[0]!;
}

/** An unpaid order of `num` × the SKU for the member, with its trade open. */
export function unpaidOrder(t: TestApp, member: TestMember, skuId: number, num = 1, extra: { autoCloseTime?: number } = {}): Promise<TestOrder> {
  return createTestOrder(t.app.deps.db, { memberId: member.member_id, lines: [{ skuId, num }], ...extra });
}

/** The sandbox secret the app uses (generated in its data dir). */
export const appSandboxSecret = (t: TestApp) => sandboxSecret(process.env, t.config.dataDir);

/** Posts a form (fields, or a body as is) to a raw route, as a gateway would, from `ip` when given. */
export async function postForm(t: TestApp, url: string, form: Record<string, string> | string, options: { ip?: string } = {}) {
  const response = await t.app.inject({
    method: "POST",
    url,
    payload: typeof form === "string" ? form : new URLSearchParams(form).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  return { status: response.statusCode, body: response.body, headers: response.headers };
}

/** A sandbox notify signed with the app's secret (tests alter the fields to forge one). */
export function sandboxNotify(t: TestApp, fields: Partial<SandboxNotifyFields> & { outTradeNo: string; totalAmount: string }) {
  return signedSandboxNotify({ tradeNo: `SBTEST${fields.outTradeNo}`, tradeStatus: "TRADE_SUCCESS", ...fields }, appSandboxSecret(t));
}

export async function orderRow(t: TestApp, orderId: number) {
  return t.app.deps.db.selectFrom("orders").select(["order_status", "pay_status", "pay_type", "out_trade_no"]).where("order_id", "=", orderId).executeTakeFirstOrThrow();
}

export async function tradeRow(t: TestApp, outTradeNo: string) {
  return t.app.deps.db.selectFrom("pay").selectAll().where("out_trade_no", "=", outTradeNo).executeTakeFirstOrThrow();
}

/** How many times the order moved to paid (order_log "pay" rows). */
export async function payTransitions(t: TestApp, orderId: number): Promise<number> {
  const rows = await t.app.deps.db.selectFrom("order_log").select("id").where("order_id", "=", orderId).where("action", "=", "pay").execute();
  return rows.length;
}

/** The refundable rows (late and duplicate payments) of a trade: `{out_trade_no}` itself and `{out_trade_no}-D…`. */
export async function refundRows(t: TestApp, outTradeNo: string) {
  return t.app.deps.db
    .selectFrom("pay")
    .select(["out_trade_no", "pay_type", "trade_no", "pay_money_cents", "pay_status", "refund_status", "order_ids"])
    .where((eb) => eb.or([eb("out_trade_no", "=", outTradeNo), eb("out_trade_no", "like", `${outTradeNo}-%`)]))
    .where("refund_status", ">", 0)
    .orderBy("id")
    .execute();
}

export async function notifyLog(t: TestApp, outTradeNo: string) {
  return t.app.deps.db.selectFrom("pay_notify_log").select(["provider", "verified", "outcome", "amount_cents"]).where("out_trade_no", "=", outTradeNo).orderBy("id").execute();
}
