import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MobileCodeResult } from "@shop/contract";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { nextIp, registerMember, solvedCaptcha } from "./testing.ts";

/**
 * The resend interval must hold when one mobile's code requests arrive at the same time. On
 * PostgreSQL the requests really overlap (the old read-then-insert sent 6 of 10); on SQLite,
 * where better-sqlite3 answers synchronously, one request's queries ran back to back and the old
 * code passed too, so this guards the PostgreSQL path above all.
 */
describe(`concurrent SMS code requests (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const outbox = (mobile: string) => t.app.deps.db.selectFrom("sms_outbox").select("code").where("mobile", "=", mobile).execute();

  /** Solves all captchas first, so the code requests themselves start together. */
  async function sendTogether(path: string, mobile: string, count: number) {
    const requests = await Promise.all(
      Array.from({ length: count }, async () => {
        const ip = nextIp(); // one IP each: the per-IP limit (5 a minute) is not what is tested here
        return { ip, body: { mobile, ...(await solvedCaptcha(t, ip)) } };
      }),
    );
    return Promise.all(requests.map(({ ip, body }) => t.call<MobileCodeResult>(path, body, { ip })));
  }

  it("sends exactly one SMS for 10 simultaneous register-code requests; the others are told to wait", async () => {
    const mobile = "13911110001";
    const responses = await sendTogether("/api/register/mobileCode", mobile, 10);
    expect(responses.filter((response) => response.code === 0)).toHaveLength(1);
    const refused = responses.filter((response) => response.code !== 0);
    expect(refused).toHaveLength(9);
    for (const response of refused) {
      const wait = /^发送过于频繁，请 (\d+) 秒后再试$/.exec(response.message)?.[1];
      expect(Number(wait), response.message).toBeGreaterThanOrEqual(55);
      expect(Number(wait)).toBeLessThanOrEqual(60);
    }
    expect(await outbox(mobile)).toHaveLength(1);

    // The one code that was sent is the one that works.
    const sent = responses.find((response) => response.code === 0)!;
    const code = (await outbox(mobile))[0]!.code;
    const registered = await t.call("/api/register/mobile", { mobile, key: sent.data.key, code }, { ip: nextIp() });
    expect(registered.code).toBe(0);
  });

  it("holds per purpose: a login code and a password-reset code for the same mobile may both go out", async () => {
    const member = await registerMember(t);
    const mobile = "13911110002";
    await t.app.deps.db.updateTable("member").set({ mobile }).where("member_id", "=", member.member_id).execute();

    const [login, reset] = await Promise.all([sendTogether("/api/login/mobileCode", mobile, 5), sendTogether("/api/findpassword/mobilecode", mobile, 5)]);
    expect(login.filter((response) => response.code === 0)).toHaveLength(1);
    expect(reset.filter((response) => response.code === 0)).toHaveLength(1);
    expect(await outbox(mobile)).toHaveLength(2);
  });

  it("lets the mobile ask again once the interval has passed", async () => {
    const mobile = "13911110003";
    expect((await sendTogether("/api/register/mobileCode", mobile, 3)).filter((response) => response.code === 0)).toHaveLength(1);
    const old = Math.floor(Date.now() / 1000) - 61;
    await t.app.deps.db.updateTable("verify_code").set({ create_time: old }).where("mobile", "=", mobile).execute();
    expect((await sendTogether("/api/register/mobileCode", mobile, 3)).filter((response) => response.code === 0)).toHaveLength(1);
    expect(await outbox(mobile)).toHaveLength(2);
  });
});
