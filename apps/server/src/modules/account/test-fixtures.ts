import type { FastifyInstance } from "fastify";
import type { Envelope } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { buildApp } from "../../app.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { grantAccount, loginTestStaff } from "../order/test-fixtures.ts";
import { insertThirtyYuanSku } from "../pay/test-helpers.ts";

/**
 * The ground of the tests that race money against the ledger: two app instances on one database
 * (on PostgreSQL each request on its own connection), an administrator's token, a 30-yuan SKU, and
 * members each granted a balance. Requests go through either instance, each from an address of its
 * own (the per-address limits are not what is tested). Not imported by production code.
 */
export interface LedgerRace {
  t: TestApp;
  second: FastifyInstance;
  admin: string;
  skuId: number;
  members: TestMember[];
  /** a POST of JSON (an object) or of a form (a string), answered with the raw body */
  post(app: FastifyInstance, url: string, body: object | string): Promise<{ body: string }>;
  /** a POST of JSON answered with the envelope */
  api(app: FastifyInstance, url: string, body: object): Promise<Envelope>;
  close(): Promise<void>;
}

export async function startLedgerRace(options: {
  members: number;
  balanceCents: number;
  skuName: string;
  /** the second octet of the requests' addresses, apart from other tests' */
  subnet: number;
}): Promise<LedgerRace> {
  const t = await startTestApp();
  let second: FastifyInstance | undefined;
  const close = async () => {
    await second?.close();
    await t.close();
  };
  let admin: string, skuId: number;
  const members: TestMember[] = [];
  try {
    second = await buildApp(t.config);
    admin = await loginTestStaff(t, "admin");
    skuId = await insertThirtyYuanSku(t, options.skuName);
    for (let index = 0; index < options.members; index++) {
      const member = await registerMember(t);
      await grantAccount(t.app.deps.db, member.member_id, "balance", options.balanceCents, `${options.skuName}-${member.member_id}`);
      members.push(member);
    }
  } catch (error) {
    await close();
    throw error;
  }

  let ipCounter = 0;
  const post = async (app: FastifyInstance, url: string, body: object | string): Promise<{ body: string }> => {
    ipCounter += 1;
    const form = typeof body === "string";
    const response = await app.inject({
      method: "POST",
      url,
      payload: form ? body : JSON.stringify(body),
      headers: { "content-type": form ? "application/x-www-form-urlencoded; charset=utf-8" : "application/json" },
      remoteAddress: `10.${options.subnet}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`,
    });
    return { body: response.body };
  };
  const api = async (app: FastifyInstance, url: string, body: object): Promise<Envelope> => JSON.parse((await post(app, url, body)).body) as Envelope;
  return { t, second, admin, skuId, members, post, api, close };
}
