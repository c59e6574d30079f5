import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { startShopProcess, postJson, type ShopProcess } from "../../test/shop-process.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { createTestOrder, grantAccount } from "../order/test-fixtures.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { NoticeTestSocket, staffCookie } from "./testing.ts";

/**
 * `npm start` runs one server process per core and no Redis: a notice stored by one process reaches
 * the bell sockets on the others through the cluster primary (notice-cluster.ts). A real
 * two-process server: Linux hands connections to the workers in turn, so of a few sockets some sit
 * on each process (their client ids name it); a payment answered by either reaches them all.
 */
describe(`staff notices between the processes of one server without Redis (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let server: ShopProcess;
  let staff: { cookie: string };
  let member: TestMember;
  let skuId: number;
  beforeAll(async () => {
    t = await startTestApp();
    staff = await staffCookie(t, ["order.view"]);
    member = await registerMember(t);
    await grantAccount(t.app.deps.db, member.member_id, "balance", 100_000, `notice-cluster-${member.member_id}`);
    skuId = (await insertGoods(t.app.deps.db, "进程间推送杯", { goods: { price_cents: 300, goods_stock: 50 } })).skuIds[0]!;
    const database = t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl, PG_SCHEMA: t.config.pgSchema } : { DATA_DIR: t.config.dataDir };
    server = await startShopProcess({ env: { ...database, REDIS_URL: "", SERVER_PROCESSES: "2", JOB_INTERVAL_MS: "0" } });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await t?.close();
  });

  it("a payment answered by either process reaches the bell sockets on both", async () => {
    const wsOrigin = server.url.replace("http:", "ws:");
    // One socket on each process: sockets are opened (and a surplus one closed again) until both
    // processes hold one — the primary hands connections out in turn once both workers listen.
    const byProcess = new Map<string, NoticeTestSocket>();
    const deadline = Date.now() + 30_000;
    while (byProcess.size < 2 && Date.now() < deadline) {
      const socket = await NoticeTestSocket.open(wsOrigin, staff.cookie);
      const init = socket.frames[0]!;
      const processId = init.type === "init" ? init.data.client_id.split(".")[0]! : "";
      if (byProcess.has(processId)) await socket.close();
      else byProcess.set(processId, socket);
    }
    const processes = new Set(byProcess.keys());
    const sockets = [...byProcess.values()];
    expect(processes.size).toBe(2);
    for (let round = 0; round < 2; round += 1) {
      const order = await createTestOrder(t.app.deps.db, { memberId: member.member_id, lines: [{ skuId, num: 1 }] });
      const paid = await postJson<{ type: string }>(`${server.url}/api/pay/pay`, { out_trade_no: order.outTradeNo, pay_type: "balance" }, { cookie: member.cookie });
      expect(paid.code).toBe(0);
      for (const socket of sockets) await socket.next((frame) => frame.type === "notice" && frame.data.link === `/order/detail/${order.orderId}`, 10_000);
    }
    for (const socket of sockets) await socket.close();
  }, 120_000);
});
