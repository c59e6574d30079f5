import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_NOTICE_SOCKET_PATH, type StaffNoticeItem } from "@shop/contract/domains/admin-notify";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { recordEvent } from "../../core/events.ts";
import { unitOfWork, type Db } from "../../db/unit-of-work.ts";
import { registerMember } from "../auth/testing.ts";
import { grantAccount, createTestOrder } from "../order/test-fixtures.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { paidOrder } from "../refund/test-fixtures.ts";
import { listenForSockets, upgradeStatus } from "../chat/testing.ts";
import { NoticeTestSocket, staffCookie } from "./testing.ts";

/**
 * The staff notices' websocket over real connections (ADR 0031): who may open one; a paid order's
 * notice pushed at once after the payment's commit — no job sweep, no poll — to the staff whose
 * permissions cover it and to no one else; pushed once although its durable job runs too; never
 * for a rolled-back change; closed with 1012 when the instance drains.
 */
describe(`staff notice websocket (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let origin: string;
  let skuId: number;
  let memberId: number;
  const db = (): Db => t.app.deps.db;
  let markers = 0;
  /**
   * Pushes a notice of `permission` and waits for it on `socket`: frames of one socket arrive in
   * order, so whatever the server sent that socket before has arrived by then.
   */
  const flush = async (socket: NoticeTestSocket, permission: string) => {
    markers += 1;
    const item: StaffNoticeItem = { id: 1_000_000_000 + markers, kind: "order_paid", title: "marker", content: `marker ${markers}`, link: "/", create_time: 0, is_read: 0 };
    await t.app.staffNoticeHub.push({ permission, item });
    await socket.next((frame) => frame.type === "notice" && frame.data.id === item.id);
  };
  const realNotices = (socket: NoticeTestSocket) => socket.notices().filter((notice) => notice.title !== "marker");

  beforeAll(async () => {
    t = await startTestApp();
    origin = await listenForSockets(t.app);
    skuId = (await insertGoods(db(), "推送测试杯", { goods: { price_cents: 990, goods_stock: 100 } })).skuIds[0]!;
    memberId = (await registerMember(t)).member_id;
    await grantAccount(db(), memberId, "balance", 100_000, `notice-socket-${memberId}`);
  });
  afterAll(() => t.close());

  it("refuses an upgrade without a staff session (401) — a guest, a forged or a member's cookie — and from another site's page (403)", async () => {
    const member = await registerMember(t);
    const staff = await staffCookie(t, ["order.view"]);
    expect(await upgradeStatus(origin, STAFF_NOTICE_SOCKET_PATH)).toBe(401);
    expect(await upgradeStatus(origin, STAFF_NOTICE_SOCKET_PATH, { cookie: "staff_token=forged" })).toBe(401);
    expect(await upgradeStatus(origin, STAFF_NOTICE_SOCKET_PATH, { cookie: member.cookie })).toBe(401);
    expect(await upgradeStatus(origin, STAFF_NOTICE_SOCKET_PATH, { cookie: `staff_token=${member.token}` })).toBe(401);
    expect(await upgradeStatus(origin, STAFF_NOTICE_SOCKET_PATH, { cookie: staff.cookie, origin: "https://evil.example" })).toBe(403);
    expect(await upgradeStatus(origin, STAFF_NOTICE_SOCKET_PATH, { cookie: staff.cookie, origin: origin.replace("ws:", "http:") })).toBe(101);
  });

  it("a paid order reaches, right after its commit, the staff who may see orders — once, although its job runs too — and not a staff member who may not", async () => {
    const viewer = await NoticeTestSocket.open(origin, (await staffCookie(t, ["order.view"])).cookie);
    const refunds = await NoticeTestSocket.open(origin, (await staffCookie(t, ["refund.manage"])).cookie);
    const order = await paidOrder(db(), { memberId, lines: [{ skuId, num: 1 }] });
    // No job sweep has run (the test app's runner has no timer): the after-commit push brought it.
    const frame = await viewer.next((candidate) => candidate.type === "notice" && candidate.data.link === `/order/detail/${order.orderId}`);
    const stored = await db().selectFrom("staff_notice").select(["id", "kind", "permission"]).where("notice_key", "=", `order.paid:${order.orderId}`).executeTakeFirstOrThrow();
    expect(frame.data).toMatchObject({ id: stored.id, kind: "order_paid", title: "新订单", is_read: 0, content: `订单 ${order.orderNo} 已支付 ¥9.90` });
    expect(stored.permission).toBe("order.view");

    // Its durable job finds it stored and pushes nothing more.
    expect(await t.app.deps.jobs.runDue()).toBeGreaterThan(0);
    await flush(viewer, "order.view");
    expect(realNotices(viewer).filter((notice) => notice.id === stored.id)).toHaveLength(1);
    // The refunds-only role never heard of it.
    await flush(refunds, "refund.manage");
    expect(realNotices(refunds)).toEqual([]);
    await viewer.close();
    await refunds.close();
  });

  it("pushes nothing for a change that rolled back, and follows a role changed after the socket opened", async () => {
    const staff = await staffCookie(t, ["order.view"]);
    const socket = await NoticeTestSocket.open(origin, staff.cookie);
    const unpaid = await createTestOrder(db(), { memberId, lines: [{ skuId, num: 1 }] });
    await expect(
      unitOfWork(db(), async (tx) => {
        await recordEvent(tx, { name: "order.paid", id: unpaid.orderId });
        throw new Error("the payment failed");
      }),
    ).rejects.toThrow("the payment failed");
    await flush(socket, "order.view");
    expect(realNotices(socket)).toEqual([]);
    expect(await db().selectFrom("staff_notice").select("id").where("notice_key", "=", `order.paid:${unpaid.orderId}`).execute()).toEqual([]);

    // The role loses order viewing (keeps refunds): the next paid order is not sent to the socket it opened before.
    const { group_id } = await db().selectFrom("staff").select("group_id").where("staff_id", "=", staff.staff_id).executeTakeFirstOrThrow();
    await db().updateTable("staff_group").set({ menu_array: "refund.manage" }).where("group_id", "=", group_id).execute();
    const admin = await NoticeTestSocket.open(origin, (await staffCookie(t, ["order.view", "refund.manage", "complaint.manage"])).cookie);
    const order = await paidOrder(db(), { memberId, lines: [{ skuId, num: 1 }] });
    await admin.next((frame) => frame.type === "notice" && frame.data.link === `/order/detail/${order.orderId}`);
    await flush(socket, "refund.manage");
    expect(realNotices(socket)).toEqual([]);
    await socket.close();
    await admin.close();
  });

  it("closes its sockets with 1012 when the instance starts draining (the console reconnects elsewhere)", async () => {
    const socket = await NoticeTestSocket.open(origin, (await staffCookie(t, ["order.view"])).cookie);
    await t.app.lifecycle.startDraining(t.app.log);
    expect(await socket.closed).toEqual({ code: 1012, reason: "server restarting" });
  });
});
