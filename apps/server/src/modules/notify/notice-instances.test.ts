import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { requiredService } from "../../test/services.ts";
import { buildApp } from "../../app.ts";
import { probeRedis } from "../../core/redis.ts";
import { registerMember } from "../auth/testing.ts";
import { grantAccount } from "../order/test-fixtures.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { paidOrder } from "../refund/test-fixtures.ts";
import { listenForSockets } from "../chat/testing.ts";
import { NoticeTestSocket, staffCookie } from "./testing.ts";

/**
 * Two instances on one database and one Redis (ADR 0031): a notice stored through one reaches the
 * staff sockets on the other, through the Redis channel, still by each staff member's permissions.
 */
const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const redis = requiredService("Redis", await probeRedis(redisUrl), `no Redis answers at ${redisUrl} (set REDIS_URL)`);

describe.skipIf(redis.skip)(`staff notices across instances on one Redis (${usingPostgres() ? "PostgreSQL" : "SQLite"})${redis.note}`, () => {
  const prefix = `shop-test-${crypto.randomBytes(4).toString("hex")}:`;
  let one: TestApp;
  let two: FastifyInstance;
  let originOne: string;
  let originTwo: string;
  beforeAll(async () => {
    redis.require();
    one = await startTestApp({ config: { redisUrl, redisPrefix: prefix } });
    two = await buildApp({ ...one.config });
    [originOne, originTwo] = [await listenForSockets(one.app), await listenForSockets(two)];
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
    const client = new Redis(redisUrl);
    const keys = await client.keys(`${prefix}*`);
    if (keys.length) await client.del(...keys);
    client.disconnect();
  });

  it("a notice pushed on instance 1 reaches the sockets on instance 2 (and 1), by permission", async () => {
    const viewer = await staffCookie(one, ["order.view"]);
    const refunds = await staffCookie(one, ["refund.manage"]);
    const onTwo = await NoticeTestSocket.open(originTwo, viewer.cookie);
    const onOne = await NoticeTestSocket.open(originOne, viewer.cookie);
    const refundsOnTwo = await NoticeTestSocket.open(originTwo, refunds.cookie);
    expect(two.staffNoticeHub.socketsOf(viewer.staff_id)).toHaveLength(1);

    const item = { id: 900_000_001, kind: "order_paid" as const, title: "新订单", content: "跨实例", link: "/order/detail/1", create_time: 1, is_read: 0 as const };
    await one.app.staffNoticeHub.push({ permission: "order.view", item });
    expect((await onTwo.next((frame) => frame.type === "notice")).data).toEqual(item);
    await onOne.next((frame) => frame.type === "notice" && frame.data.id === item.id);
    // The refunds-only staff on instance 2 gets the next refund notice, and never got the order one.
    const refund = { ...item, id: 900_000_002, kind: "refund_applied" as const, title: "退款申请" };
    await one.app.staffNoticeHub.push({ permission: "refund.manage", item: refund });
    await refundsOnTwo.next((frame) => frame.type === "notice" && frame.data.id === refund.id);
    expect(refundsOnTwo.notices().map((notice) => notice.id)).toEqual([refund.id]);
    for (const socket of [onTwo, onOne, refundsOnTwo]) await socket.close();
  });

  it("a real payment through instance 1 reaches a staff socket on instance 2", async () => {
    const db = one.app.deps.db;
    const skuId = (await insertGoods(db, "跨实例推送杯", { goods: { price_cents: 500, goods_stock: 10 } })).skuIds[0]!;
    const memberId = (await registerMember(one)).member_id;
    await grantAccount(db, memberId, "balance", 10_000, `notice-instances-${memberId}`);
    const socket = await NoticeTestSocket.open(originTwo, (await staffCookie(one, ["order.view"])).cookie);
    const order = await paidOrder(db, { memberId, lines: [{ skuId, num: 1 }] });
    const frame = await socket.next((candidate) => candidate.type === "notice" && candidate.data.link === `/order/detail/${order.orderId}`);
    expect(frame.data).toMatchObject({ kind: "order_paid", content: `订单 ${order.orderNo} 已支付 ¥5.00` });
    await socket.close();
  });
});
