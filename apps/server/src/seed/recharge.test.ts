import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, PayInfo, RechargeOrder, RechargePackage, TokenResult } from "@shop/contract";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { solvedCaptcha } from "../modules/auth/testing.ts";
import { ledgerSum } from "../modules/account/ledger.ts";
import { RECHARGE_CLOSE_JOB } from "../modules/recharge/close.ts";
import { now } from "../core/time.ts";
import { DEMO_MEMBER_ID } from "./members.ts";
import { DEMO_PAY_WINDOW_SECONDS } from "./orders.ts";

/** The seeded packages and the demo member's recharge history, read through the member API as the pages read them. */
describe("seeded recharges", () => {
  let t: TestApp;
  let token: string;
  let seededBy: number;
  beforeAll(async () => {
    t = await startTestApp({ seed: true });
    seededBy = now();
    token = (await t.call<TokenResult>("/api/login/login", { username: "demo", password: "demo123456", ...(await solvedCaptcha(t)) })).data.token;
  });
  afterAll(() => t.close());

  const call = <T>(path: string, body: Record<string, unknown> = {}) => t.call<T>(path, body, { token });

  it("offers five packages, one with two coupons; a sixth is withdrawn", async () => {
    const packages = await call<Page<RechargePackage>>("/memberrecharge/api/memberrecharge/page", { page_size: 20 });
    expect(packages.data.list.map((pack) => [pack.recharge_name, pack.face_value, pack.buy_price])).toEqual([
      ["充50元", "50.00", "50.00"], ["充100元", "100.00", "100.00"], ["充200送10元", "210.00", "200.00"], ["充500送30元", "530.00", "500.00"], ["充1000送80元", "1080.00", "1000.00"],
    ]);
    expect(packages.data.list.at(-1)!.coupon_list.map((coupon) => coupon.coupon_name)).toEqual(["充值赠送 满200减20", "全场满199减20"]);
    const withdrawn = await t.app.deps.db.selectFrom("member_recharge").select("recharge_name").where("status", "=", 0).execute();
    expect(withdrawn.map((row) => row.recharge_name)).toEqual(["春节充值特惠（已结束）"]);
  });

  it("gives the demo member three paid orders, one closed and one waiting at the cashier", async () => {
    const orders = (await call<Page<RechargeOrder>>("/memberrecharge/api/order/page", { page_size: 20 })).data.list;
    expect(orders.map((order) => [order.recharge_name, order.status_name])).toEqual([
      ["充1000送80元", "待支付"], ["充100元", "已支付"], ["充100元", "已关闭"], ["充500送30元", "已支付"], ["充200送10元", "已支付"],
    ]);
    for (const order of orders) {
      // Numbers begin with the shop day the order was placed, as real ones do.
      expect(order.order_no.slice(0, 6), order.recharge_name).toBe(new Date((order.create_time + 8 * 3600) * 1000).toISOString().slice(2, 10).replace(/-/g, ""));
      if (order.status === 1) {
        expect(order.pay_time).toBeGreaterThan(order.create_time);
        const ledger = await t.app.deps.db
          .selectFrom("member_account")
          .select(["account_data", "create_time", "remark"])
          .where("from_type", "=", "recharge").where("account_type", "=", "balance").where("business_id", "=", String(order.order_id))
          .executeTakeFirstOrThrow();
        expect(ledger.account_data).toBe(Math.round(Number(order.face_value) * 100));
        expect(ledger.create_time).toBe(order.pay_time);
        expect(ledger.remark).toContain(order.order_no);
      }
    }
    const [unpaid] = orders;
    expect(unpaid!.auto_close_time).toBeGreaterThan(seededBy + DEMO_PAY_WINDOW_SECONDS - 600);
    const job = await t.app.deps.db.selectFrom("job").select(["run_at", "status"]).where("dedupe_key", "=", `${RECHARGE_CLOSE_JOB}:${unpaid!.order_id}`).executeTakeFirstOrThrow();
    expect(job).toEqual({ run_at: unpaid!.auto_close_time, status: "pending" });
    const info = await call<PayInfo>("/api/pay/info", { out_trade_no: unpaid!.out_trade_no });
    expect(info.data).toMatchObject({ trade_kind: "recharge", pay_status: 0, pay_money: "1000.00", auto_close_time: unpaid!.auto_close_time });

    const member = await t.app.deps.db.selectFrom("member").select(["balance_cents", "point"]).where("member_id", "=", DEMO_MEMBER_ID).executeTakeFirstOrThrow();
    expect(await ledgerSum(t.app.deps.db, DEMO_MEMBER_ID, "balance")).toBe(Number(member.balance_cents));
    expect(await ledgerSum(t.app.deps.db, DEMO_MEMBER_ID, "point")).toBe(Number(member.point));
  });
});
