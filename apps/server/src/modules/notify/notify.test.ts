import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { unitOfWork, type Db } from "../../db/unit-of-work.ts";
import { registerMember } from "../auth/testing.ts";
import { grantAccount } from "../order/test-fixtures.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { paidOrder } from "../refund/test-fixtures.ts";
import { SYSTEM, transitionOrder } from "../order/state-machine.ts";
import { insertGroup, insertStaff, loginStaff, staffToken } from "../staff/testing.ts";
import { eventJobKind } from "../jobs/event-jobs.ts";
import type { StaffNoticeState, NotifySmsLogItem } from "@shop/contract/domains/admin-notify";
import type { Page } from "@shop/contract/codes";
import { BANK_CARD, addAccount, applyFor, setWithdrawSettings, staffOk } from "../withdraw/test-fixtures.ts";

/**
 * Notifications (ADR 0030): the buyer's SMS goes once per event and template whatever its job's
 * retries, through the shop's SMS provider (the outbox in tests), as the console's template says;
 * staff notices reach only the staff whose permissions cover them, and are marked read per staff.
 */
describe("notifications", () => {
  let t: TestApp;
  let admin: string;
  let skuId: number;
  const db = (): Db => t.app.deps.db;
  const buyer = async (mobile: string) => {
    const member = await registerMember(t);
    await db().updateTable("member").set({ mobile }).where("member_id", "=", member.member_id).execute();
    await grantAccount(db(), member.member_id, "balance", 100_000, `notify-${member.member_id}`);
    return member.member_id;
  };
  const outbox = (mobile: string) => db().selectFrom("sms_outbox").select(["purpose", "content"]).where("mobile", "=", mobile).orderBy("id").execute();

  beforeAll(async () => {
    t = await startTestApp();
    admin = await staffToken(t);
    skuId = (await insertGoods(db(), "通知测试杯", { goods: { price_cents: 1250, goods_stock: 100 } })).skuIds[0]!;
  });
  afterAll(() => t.close());

  it("texts the buyer once when the order is paid and once when it ships, even when a job runs twice", async () => {
    const mobile = "13900000001";
    const order = await paidOrder(db(), { memberId: await buyer(mobile), lines: [{ skuId, num: 2 }] });
    await t.app.deps.jobs.runDue();
    expect(await outbox(mobile)).toEqual([{ purpose: "ORDER_PAY", content: `您的订单${order.orderNo}已支付成功，金额25.00元，我们将尽快为您发货。` }]);

    // The same job run again (a runner that died after sending, a lease that ran out): nothing more is sent.
    await db().updateTable("job").set({ status: "pending", run_at: 0 }).where("kind", "=", eventJobKind("notify.buyer-sms")).execute();
    expect(await t.app.deps.jobs.runDue()).toBeGreaterThan(0);
    expect(await outbox(mobile)).toHaveLength(1);

    await unitOfWork(db(), (tx) => transitionOrder(tx, order.orderId, "ship", SYSTEM));
    await t.app.deps.jobs.runDue();
    expect((await outbox(mobile)).map((row) => row.purpose)).toEqual(["ORDER_PAY", "ORDER_DELIVERY"]);

    const log = await t.call<Page<NotifySmsLogItem>>("/shopapi/message/smslog", { mobile }, { token: admin });
    expect(log.data.list.map((row) => [row.keywords, row.status_name, row.attempts])).toEqual([["ORDER_DELIVERY", "已发送", 1], ["ORDER_PAY", "已发送", 1]]);
  });

  it("sends a template's text as staff saved it, and nothing for a template switched off", async () => {
    expect(await t.call("/shopapi/message/edit", { keywords: "ORDER_PAY", is_open: 1, content: "" }, { token: admin })).toMatchObject({ code: -10006 });
    expect(await t.call("/shopapi/message/edit", { keywords: "ORDER_PAY", is_open: 1, content: "订单{order_no}付款{order_money}元，谢谢" }, { token: admin })).toMatchObject({ code: 0 });
    expect(await t.call("/shopapi/message/edit", { keywords: "ORDER_DELIVERY", is_open: 0, content: "已发货" }, { token: admin })).toMatchObject({ code: 0 });
    const mobile = "13900000002";
    const order = await paidOrder(db(), { memberId: await buyer(mobile), lines: [{ skuId, num: 1 }] });
    await unitOfWork(db(), (tx) => transitionOrder(tx, order.orderId, "ship", SYSTEM));
    await t.app.deps.jobs.runDue();
    expect(await outbox(mobile)).toEqual([{ purpose: "ORDER_PAY", content: `订单${order.orderNo}付款12.50元，谢谢` }]);
    const templates = await t.call<Array<{ keywords: string; is_open: number }>>("/shopapi/message/lists", {}, { token: admin });
    expect(templates.data.find((template) => template.keywords === "ORDER_DELIVERY")).toMatchObject({ is_open: 0 });
    expect(await db().selectFrom("staff_log").select("action").where("action", "=", "message.edit").execute()).toHaveLength(3 - 1);
    await t.call("/shopapi/message/edit", { keywords: "ORDER_DELIVERY", is_open: 1, content: "您的订单{order_no}已发货，请注意查收。" }, { token: admin });
  });

  it("tells staff of a paid order, each by their permissions, and marks notices read per staff", async () => {
    const order = await paidOrder(db(), { memberId: await buyer("13900000003"), lines: [{ skuId, num: 1 }] });
    await t.app.deps.jobs.runDue();
    const bell = (token: string) => t.call<StaffNoticeState>("/shopapi/staffnotice/lists", {}, { token });
    const before = await bell(admin);
    expect(before.data.list[0]).toMatchObject({ kind: "order_paid", title: "新订单", link: `/order/detail/${order.orderId}`, is_read: 0 });
    // A role holding only order viewing sees new-order notices, not refunds.
    const viewer = await loginStaff(t, await insertStaff(t, { role: "viewer", group_id: await insertGroup(t, ["order.view"]) }));
    expect((await bell(viewer.token)).data.list.every((notice) => notice.kind === "order_paid")).toBe(true);
    // A refunds-only role has the bell too (a session is enough), without new-order notices.
    const afterSales = await loginStaff(t, await insertStaff(t, { role: "viewer", group_id: await insertGroup(t, ["refund.manage"]) }));
    const afterSalesBell = await bell(afterSales.token);
    expect(afterSalesBell.code).toBe(0);
    expect(afterSalesBell.data.list.some((notice) => notice.kind === "order_paid")).toBe(false);

    expect(await t.call("/shopapi/staffnotice/read", { id: before.data.list[0]!.id }, { token: admin })).toMatchObject({ code: 0 });
    const after = await bell(admin);
    expect(after.data.unread).toBe(before.data.unread - 1);
    expect(after.data.list[0]).toMatchObject({ is_read: 1 });
    // Another staff member's notices stay unread.
    expect((await bell(viewer.token)).data.list[0]).toMatchObject({ is_read: 0 });
    await t.call("/shopapi/staffnotice/read", { id: 0 }, { token: admin });
    expect((await bell(admin)).data.unread).toBe(0);
  });

  it("the send log's mobile filter answers exactly that number's messages; part of a number, the numbers containing it", async () => {
    const log = (body: object) => t.call<Page<NotifySmsLogItem>>("/shopapi/message/smslog", body, { token: admin });
    // Numbers that share all but their last digits, and one that holds another's digits further in.
    const [first, second, inside] = ["13700000011", "13700000012", "15137000000"];
    const buyers = { [first]: await buyer(first), [second]: await buyer(second), [inside]: await buyer(inside) };
    for (const mobile of [first, second, second, inside]) await paidOrder(db(), { memberId: buyers[mobile]!, lines: [{ skuId, num: 1 }] });
    await t.app.deps.jobs.runDue();
    const whole = await log({ mobile: first });
    expect(whole.data.count).toBe(1);
    expect(whole.data.list.map((row) => row.mobile)).toEqual([first]);
    expect((await log({ mobile: second })).data.list.map((row) => row.mobile)).toEqual([second, second]);
    expect((await log({ mobile: ` ${second} ` })).data.count).toBe(2);
    // Part of a number: every number containing it, and only those.
    expect((await log({ mobile: "1370000001" })).data.list.map((row) => row.mobile).sort()).toEqual([first, second, second]);
    expect(new Set((await log({ mobile: "137000000" })).data.list.map((row) => row.mobile))).toEqual(new Set([first, second, inside]));
    expect((await log({ mobile: "0012", status: "sent" })).data.list.map((row) => row.mobile)).toEqual([second, second]);
    expect((await log({ mobile: "0012", status: "failed" })).data.count).toBe(0);
    expect((await log({ mobile: "13700000013" })).data.count).toBe(0);
    // Only digits: a LIKE wildcard or a letter is refused with a message, never matched.
    for (const bad of ["%", "137_0", "abc", "137000000112"]) expect(await log({ mobile: bad })).toMatchObject({ code: -10006, message: "手机号只能是数字（最多 11 位）" });
  });

  it("texts the buyer when staff review a withdrawal: agreed, then transferred; refused", async () => {
    await setWithdrawSettings(db());
    const mobile = "13900000004";
    const member = await registerMember(t);
    await db().updateTable("member").set({ mobile }).where("member_id", "=", member.member_id).execute();
    await grantAccount(db(), member.member_id, "balance", 100_000, `notify-withdraw-${member.member_id}`);
    const card = await addAccount(t, member, BANK_CARD);
    const paidOut = await applyFor(t, member, { apply_money: 100, account_id: card });
    const refused = await applyFor(t, member, { apply_money: 50, account_id: card });
    await staffOk(t, admin, "/shopapi/memberwithdraw/agree", { id: paidOut });
    await staffOk(t, admin, "/shopapi/memberwithdraw/transfer", { id: paidOut });
    await staffOk(t, admin, "/shopapi/memberwithdraw/refuse", { id: refused, refuse_reason: "账户信息有误" });
    await t.app.deps.jobs.runDue();
    expect((await outbox(mobile)).map((row) => row.purpose).sort()).toEqual(["USER_WITHDRAWAL_AGREE", "USER_WITHDRAWAL_REFUSE", "USER_WITHDRAWAL_SUCCESS"]);
    expect((await outbox(mobile)).find((row) => row.purpose === "USER_WITHDRAWAL_REFUSE")?.content).toContain("50.00元已退回余额");
  });
});
