import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  parseYuan, type BankAccount, type Page, type PayStart, type RechargeOrder, type RechargePackage, type StaffRechargeOrder, type StaffWithdrawRecord,
  type WithdrawConfig, type WithdrawInfo, type WithdrawRecord,
} from "@shop/contract";
import type { TestApp } from "../test/harness.ts";
import { loginTestStaff } from "../modules/order/test-fixtures.ts";
import { postForm } from "../modules/pay/test-helpers.ts";
import { SANDBOX_NOTIFY_JOB } from "../modules/pay/sandbox-gateway.ts";
import { ReferenceClient } from "./reference-client.ts";
import { signedInClient, startReferenceShop } from "./fixtures.ts";

/** Money on the wire in cents ("530.00" → 53000). */
const cents = (money: string): number => {
  const value = parseYuan(money);
  if (value === null) throw new Error(`not money: ${money}`);
  return value;
};

const BANK_CARD = { withdraw_type: "bank", realname: "李娜", mobile: "13800138000", branch_bank_name: "招商银行 上海张江支行", bank_account: "6225 8821 3456 7890" };
const ALIPAY = { withdraw_type: "alipay", realname: "王强", mobile: "13911082456", bank_account: "wangqiang@163.com" };
const PAY_PASSWORD = "135790";

/**
 * The wallet of the member centre as the reference's pages call it (docs/api/recharge.md,
 * docs/api/withdraw.md): recharge packages, a recharge order paid at the cashier through the
 * sandbox gateway and credited, the order list and detail; withdrawal accounts; the withdrawal
 * settings, an application from the credited balance (with a pay password; the storefront's
 * account_id form and the reference's fields form), the records; the staff's packages, recharge
 * orders and the review of withdrawals (ours). The seeded shop offers packages and withdrawals.
 */
describe("conformance: recharge and withdrawals", () => {
  let t: TestApp;
  let guest: ReferenceClient;
  let member: ReferenceClient & { memberId: number };
  let staff: ReferenceClient;
  /** the balance the recharge credited (cents), what the withdrawals draw on */
  let credited = 0;
  beforeAll(async () => {
    t = await startReferenceShop();
    guest = new ReferenceClient(t);
    member = await signedInClient(t);
    staff = new ReferenceClient(t, await loginTestStaff(t, "admin"));
  });
  afterAll(() => t.close());

  /**
   * Pays a trade as a shopper does: the cashier starts the sandbox gateway, its page is shown, 确认支付
   * queues the gateway's signed notify, which is posted to our notify route as its job would post it
   * (the job's fetch cannot reach the shop's public origin in a test).
   */
  async function payWithSandbox(client: ReferenceClient, outTradeNo: string): Promise<void> {
    const started = await client.data<PayStart>("/api/pay/pay", { out_trade_no: outTradeNo, pay_type: "sandbox", return_url: "/web/pay/result" });
    if (started.type !== "url") throw new Error(`/api/pay/pay: expected {type: "url"}, got ${started.type}`);
    const gatewayUrl = new URL(started.data);
    expect((await t.app.inject({ method: "GET", url: gatewayUrl.pathname + gatewayUrl.search })).statusCode).toBe(200);
    expect((await postForm(t, "/sandbox-gateway/confirm", Object.fromEntries(gatewayUrl.searchParams))).status).toBe(303);
    const jobs = await t.app.deps.db.selectFrom("job").select("payload").where("kind", "=", SANDBOX_NOTIFY_JOB).execute();
    const notify = jobs
      .map((job) => (typeof job.payload === "string" ? JSON.parse(job.payload) : job.payload) as { notify_url: string; body: string })
      .find((payload) => new URLSearchParams(payload.body).get("out_trade_no") === outTradeNo);
    expect(notify, "the gateway's notify of the trade").toBeTruthy();
    expect((await postForm(t, new URL(notify!.notify_url).pathname, notify!.body)).body).toBe("success");
  }

  it("/memberrecharge/api/*: packages, an order paid through the sandbox gateway and credited, the order list and detail", async () => {
    const packages = await guest.reads<Page<RechargePackage>>("/memberrecharge/api/memberrecharge/page", { page: 1, page_size: 20 });
    const withCoupons = packages.list.find((pack) => pack.coupon_id !== "")!;
    expect(withCoupons, "a seeded package giving coupons").toBeTruthy();
    const pack = await guest.reads<RechargePackage>("/memberrecharge/api/memberrecharge/info", { recharge_id: withCoupons.recharge_id });
    expect(pack).toMatchObject({ recharge_id: withCoupons.recharge_id, face_value: withCoupons.face_value, coupon_id: withCoupons.coupon_id });
    expect((await guest.refused("/memberrecharge/api/ordercreate/create", { recharge_id: pack.recharge_id })).code).toBe(-10009);

    const before = await member.data<WithdrawInfo>("/api/memberwithdraw/info");
    const outTradeNo = await member.reads<string>("/memberrecharge/api/ordercreate/create", { recharge_id: pack.recharge_id });
    const unpaid = await member.reads<Page<RechargeOrder>>("/memberrecharge/api/order/page", { page: 1, page_size: 10, status: "0" });
    const order = unpaid.list.find((item) => item.out_trade_no === outTradeNo)!;
    expect(order).toMatchObject({ status: 0, status_name: "待支付", recharge_name: pack.recharge_name, buy_price: pack.buy_price });

    await payWithSandbox(member, outTradeNo);
    const paid = await member.reads<Page<RechargeOrder>>("/memberrecharge/api/order/page", { page: 1, page_size: 10, status: "all" });
    expect(paid.list.find((item) => item.order_id === order.order_id)).toMatchObject({ status: 1, status_name: "已支付" });
    const detail = await member.reads<RechargeOrder>("/memberrecharge/api/order/detail", { order_id: order.order_id });
    expect(detail).toMatchObject({ out_trade_no: outTradeNo, status: 1, pay_type: "sandbox", pay_type_name: "演示支付", auto_close_time: 0 });
    expect(detail.pay_time).toBeGreaterThan(0);
    expect(detail.coupon_list.map((coupon) => String(coupon.coupon_type_id)).join(",")).toBe(pack.coupon_id);

    const after = await member.data<WithdrawInfo>("/api/memberwithdraw/info");
    expect(cents(after.balance) - cents(before.balance)).toBe(cents(pack.face_value));
    credited = cents(after.balance);
    // Another member's order answers like a missing one.
    const stranger = await signedInClient(t);
    expect((await stranger.refused("/memberrecharge/api/order/detail", { order_id: order.order_id }, -1)).message).toBe("充值订单不存在");
  });

  it("/shopapi/memberrecharge/* add, edit, list and withdraw a package; every member's orders (ours)", async () => {
    const offered = await guest.data<Page<RechargePackage>>("/memberrecharge/api/memberrecharge/page", { page: 1, page_size: 20 });
    const couponId = offered.list.find((pack) => pack.coupon_id !== "")!.coupon_id.split(",")[0]!;
    const body = { recharge_name: "一致性充200送10", face_value: "210", buy_price: "200", point: 20, growth: 20, coupon_id: couponId, sort: 9, status: 1 };
    const { recharge_id } = await staff.reads<{ recharge_id: number }>("/shopapi/memberrecharge/add", body);
    expect(await staff.reads("/shopapi/memberrecharge/edit", { ...body, recharge_id, recharge_name: "一致性充200送12", face_value: "212" })).toEqual({ recharge_id });
    const all = await staff.reads<Page<RechargePackage>>("/shopapi/memberrecharge/lists", { page: 1, page_size: 50, status: "all" });
    expect(all.list.find((pack) => pack.recharge_id === recharge_id)).toMatchObject({ recharge_name: "一致性充200送12", face_value: "212.00", status: 1 });
    expect(await staff.reads("/shopapi/memberrecharge/setstatus", { recharge_id, status: 0 })).toEqual({ recharge_id });
    expect((await guest.refused("/memberrecharge/api/memberrecharge/info", { recharge_id }, -1)).message).toBe("充值套餐不存在或已下架");

    const mine = await member.data<Page<RechargeOrder>>("/memberrecharge/api/order/page", { page: 1, page_size: 10, status: "1" });
    const orders = await staff.reads<Page<StaffRechargeOrder>>("/shopapi/memberrecharge/orderlists", { page: 1, page_size: 10, status: "1", search: mine.list[0]!.order_no });
    expect(orders.list.map((order) => [order.order_id, order.member_id])).toEqual([[mine.list[0]!.order_id, member.memberId]]);
  });

  it("/api/memberbankaccount/*: add, list, read, edit, set the default and delete withdrawal accounts", async () => {
    expect(await member.data("/api/memberbankaccount/defaultinfo")).toBeNull();
    const card = await member.reads<number>("/api/memberbankaccount/add", BANK_CARD);
    const alipay = await member.reads<number>("/api/memberbankaccount/add", { ...ALIPAY, is_default: 0 });
    const accounts = await member.reads<Page<BankAccount>>("/api/memberbankaccount/page", { page: 1, page_size: 10 });
    expect(accounts.list.map((account) => [account.id, account.is_default])).toEqual([[card, 1], [alipay, 0]]);
    expect(await member.reads("/api/memberbankaccount/info", { id: card })).toMatchObject({ bank_account: "6225882134567890", withdraw_type_name: "银行卡" });
    expect(await member.reads("/api/memberbankaccount/edit", { id: alipay, ...ALIPAY, realname: "王小强" })).toBe(alipay);
    await member.reads("/api/memberbankaccount/setdefault", { id: alipay });
    expect(await member.reads("/api/memberbankaccount/defaultinfo")).toMatchObject({ id: alipay, realname: "王小强", withdraw_type: "alipay", is_default: 1 });
    await member.reads("/api/memberbankaccount/delete", { id: alipay });
    expect(await member.reads("/api/memberbankaccount/defaultinfo")).toMatchObject({ id: card, is_default: 1 });
    const stranger = await signedInClient(t);
    expect((await stranger.refused("/api/memberbankaccount/info", { id: card }, -1)).message).toBe("提现账户不存在");
  });

  it("/api/memberwithdraw/*: settings, applications from the credited balance with the pay password, the records", async () => {
    expect(credited, "the recharge credited the balance").toBeGreaterThan(0);
    const config = await member.reads<WithdrawConfig>("/api/memberwithdraw/config");
    expect(config).toMatchObject({ is_use: 1, transfer_type: "bank,alipay" });
    expect(await member.reads("/api/memberwithdraw/transferType")).toEqual({ bank: "银行卡", alipay: "支付宝" });
    await member.data("/api/member/modifypaypassword", { password: PAY_PASSWORD });
    const info = await member.reads<WithdrawInfo>("/api/memberwithdraw/info");
    expect(info).toMatchObject({ withdrawable: info.balance, frozen: "0.00", withdrawn: "0.00", is_pay_password: 1, config });
    expect(cents(info.balance)).toBe(credited);

    const card = (await member.data<BankAccount>("/api/memberbankaccount/defaultinfo")).id;
    expect((await member.refused("/api/memberwithdraw/apply", { apply_money: "100.00", account_id: card }, -1)).message).toBe("请输入支付密码");
    // The storefront's form (a saved account) and the reference's (the account's fields).
    const applied = await member.reads<{ id: number; withdraw_no: string; status: number }>("/api/memberwithdraw/apply", { apply_money: "100.00", account_id: card, pay_password: PAY_PASSWORD });
    expect(applied.status).toBe(0);
    const refused = await member.reads<{ id: number }>("/api/memberwithdraw/apply", {
      apply_money: 50, transfer_type: "alipay", realname: ALIPAY.realname, mobile: ALIPAY.mobile, bank_name: "", account_number: ALIPAY.bank_account, pay_password: PAY_PASSWORD,
    });
    const failed = await member.reads<{ id: number }>("/api/memberwithdraw/apply", {
      apply_money: 40, transfer_type: "bank", realname: BANK_CARD.realname, mobile: BANK_CARD.mobile, bank_name: BANK_CARD.branch_bank_name,
      account_number: BANK_CARD.bank_account, pay_password: PAY_PASSWORD,
    });
    const records = await member.reads<Page<WithdrawRecord>>("/api/memberwithdraw/page", { page: 1, page_size: 10, status: "all" });
    expect(records.list.map((record) => record.id)).toEqual([failed.id, refused.id, applied.id]);
    expect(await member.reads("/api/memberwithdraw/detail", { id: applied.id })).toMatchObject({
      withdraw_no: applied.withdraw_no, transfer_type: "bank", apply_money: "100.00", rate: 0.6, service_money: "0.60", money: "99.40", status: 0, status_name: "待审核",
    });
    expect((await member.data<WithdrawInfo>("/api/memberwithdraw/info")).frozen).toBe("190.00");
  });

  it("/shopapi/memberwithdraw/*: the review — agree and transfer, refuse, agree and fail — and the settings (ours)", async () => {
    const waiting = await staff.reads<Page<StaffWithdrawRecord>>("/shopapi/memberwithdraw/lists", { page: 1, page_size: 10, status: 0, search: String(member.memberId) });
    expect(waiting.list.map((record) => record.apply_money)).toEqual(["40.00", "50.00", "100.00"]);
    const [failed, refused, transferred] = waiting.list.map((record) => record.id) as [number, number, number];
    expect(await staff.reads("/shopapi/memberwithdraw/detail", { id: transferred })).toMatchObject({ member_id: member.memberId, staff_actions: ["agree", "refuse"] });
    expect(await staff.reads("/shopapi/memberwithdraw/agree", { id: transferred })).toEqual({ status: 1 });
    expect(await staff.reads("/shopapi/memberwithdraw/transfer", { id: transferred, certificate_remark: "工行流水 0001" })).toEqual({ status: 2 });
    expect(await staff.reads("/shopapi/memberwithdraw/refuse", { id: refused, refuse_reason: "账户信息有误" })).toEqual({ status: -1 });
    await staff.reads("/shopapi/memberwithdraw/agree", { id: failed });
    expect(await staff.reads("/shopapi/memberwithdraw/fail", { id: failed, fail_reason: "银行退票" })).toEqual({ status: -2 });
    expect(await staff.reads("/shopapi/memberwithdraw/detail", { id: transferred })).toMatchObject({ status: 2, certificate_remark: "工行流水 0001", staff_actions: [] });
    expect(await member.reads("/api/memberwithdraw/detail", { id: refused })).toMatchObject({ status: -1, status_name: "已拒绝", refuse_reason: "账户信息有误" });
    expect(await member.data("/api/memberwithdraw/info")).toMatchObject({ frozen: "0.00", withdrawn: "100.00" });
    expect(cents((await member.data<WithdrawInfo>("/api/memberwithdraw/info")).balance)).toBe(credited - 10_000);

    const settings = await staff.reads<WithdrawConfig>("/shopapi/memberwithdraw/config");
    expect(await staff.reads("/shopapi/memberwithdraw/setconfig", { rate: "1.5", transfer_type: "bank" })).toMatchObject({ rate: 1.5, transfer_type: "bank" });
    expect(await member.data("/api/memberwithdraw/transferType")).toEqual({ bank: "银行卡" });
    await staff.reads("/shopapi/memberwithdraw/setconfig", { rate: settings.rate, transfer_type: settings.transfer_type });
  });
});
