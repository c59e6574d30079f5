import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatMessage, StaffServicerState } from "@shop/contract/domains/chat";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { startShopProcess, postJson, type ShopProcess } from "../../test/shop-process.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { signInServicer, TestSocket, type TestServicer } from "./testing.ts";

/**
 * `npm start` runs one server process per core and no Redis: the chat goes between the processes
 * through the cluster primary (cluster-relay.ts). A real two-process server: Linux hands its
 * connections to the workers in turn, so of six members some sit on the servicer's process and
 * some on the other; every message reaches the other side, and presence is seen from both.
 */
describe(`chat between the processes of one server without Redis (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let server: ShopProcess;
  let servicer: TestServicer;
  const members: TestMember[] = [];
  beforeAll(async () => {
    t = await startTestApp();
    servicer = await signInServicer(t);
    for (let index = 0; index < 6; index += 1) members.push(await registerMember(t));
    const database = t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl, PG_SCHEMA: t.config.pgSchema } : { DATA_DIR: t.config.dataDir };
    server = await startShopProcess({ env: { ...database, REDIS_URL: "", SERVER_PROCESSES: "2", JOB_INTERVAL_MS: "0" } });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await t?.close();
  });

  it("members on either process and the servicer talk both ways; presence is shared", async () => {
    const wsOrigin = server.url.replace("http:", "ws:");
    const servicerSocket = await TestSocket.open(wsOrigin, servicer.cookie, { servicer: true });
    const bound = await postJson<StaffServicerState>(`${server.url}/shopapi/chat/bind`, { client_id: servicerSocket.clientId }, { cookie: servicer.cookie });
    expect(bound.data.online).toBe(1);
    for (const member of members) {
      const memberSocket = await TestSocket.open(wsOrigin, member.cookie);
      expect((await postJson(`${server.url}/servicer/api/chat/bind`, { client_id: memberSocket.clientId }, { cookie: member.cookie })).code).toBe(0);
      // Whichever process answers, it sees the servicer online (presence relayed) and assigns the conversation to it.
      const said = await postJson<ChatMessage>(`${server.url}/servicer/api/chat/say`, { content_type: 0, message: `进程之间 ${member.member_id}` }, { cookie: member.cookie });
      expect(said.data.servicer_id).toBe(servicer.staff_id);
      expect(await servicerSocket.message(said.data.id, 10_000)).toMatchObject({ member_id: member.member_id });
      const answer = await postJson<ChatMessage>(
        `${server.url}/shopapi/chat/answer`,
        { member_id: member.member_id, content_type: 0, servicer_say: "收到" },
        { cookie: servicer.cookie },
      );
      expect(answer.code).toBe(0);
      expect(await memberSocket.message(answer.data.id, 10_000)).toMatchObject({ servicer_say: "收到", type: 1 });
      await memberSocket.close();
    }
    await servicerSocket.close();
  }, 120_000);
});
