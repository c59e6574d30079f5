import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isTokenCode } from "@shop/contract/codes";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { nextIp } from "../auth/testing.ts";
import { registeredPaths, validBody } from "../../core/access-testing.ts";
import { SIGNED_IN_STAFF } from "../../core/api.ts";
import { PERMISSIONS, type Permission } from "./permissions.ts";
import { issueStaffToken } from "./tokens.ts";
import { insertGroup, insertStaff } from "./testing.ts";

const REFUSED = "没有执行此操作的权限";

/**
 * Every staff call, walked from the live registry (`api.access`, so calls added later are covered):
 * a staff member whose role lacks the call's permission is refused with REFUSED, and one whose role
 * holds only that permission gets past the check. Roles are data: this is what a custom role meets.
 */
describe(`every staff call against custom roles (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  /** per permission: a member of a role with every other permission, and one of a role with only it */
  const without = new Map<Permission, string>();
  const only = new Map<Permission, number>();
  beforeAll(async () => {
    t = await startTestApp();
    // staff 1 and group ids the sampled bodies name (uid 1, group_id 1) are throwaways, not the callers
    await insertStaff(t, { role: "admin" });
    for (const permission of PERMISSIONS) {
      const lacking = await insertStaff(t, { role: "servicer", group_id: await insertGroup(t, PERMISSIONS.filter((name) => name !== permission)) });
      without.set(permission, (await issueStaffToken(t.app.deps.db, lacking.staff_id, "127.0.0.1")).token);
      only.set(permission, (await insertStaff(t, { role: "servicer", group_id: await insertGroup(t, [permission]) })).staff_id);
    }
  });
  afterAll(() => t.close());

  /** Staff calls guarded by a permission (SIGNED_IN_STAFF ones are walked below). */
  const staffPaths = () =>
    registeredPaths(t).flatMap(({ path, access }) => (typeof access === "object" && access.staff !== SIGNED_IN_STAFF ? [{ path, permission: access.staff }] : []));

  /** The envelope a call answers, or "file" for a download (an export answered with its file got through). */
  async function envelopeOrFile(path: string, body: unknown, token: string) {
    const response = await t.app.inject({ method: "POST", url: path, payload: body as object, headers: { "x-staff-token": token }, remoteAddress: nextIp() });
    const type = String(response.headers["content-type"] ?? "");
    return type.startsWith("application/json") ? (response.json() as { code: number; message: string }) : ("file" as const);
  }

  it("walks a real registry with every permission in use", () => {
    expect(staffPaths().length).toBeGreaterThan(100);
    for (const { permission } of staffPaths()) expect(PERMISSIONS).toContain(permission);
  });

  it("refuses each staff call to a role without its permission, and lets a role with only that permission through", { timeout: 240_000 }, async () => {
    const problems: string[] = [];
    const unsampled: string[] = [];
    for (const { path, permission } of staffPaths()) {
      // validation runs before the access check: a path whose valid body the sampler cannot build
      // (core/access-testing.ts) is only shown to be refused, less sharply
      const sampled = validBody(path);
      if (!sampled) unsampled.push(path);
      const body = sampled ?? {};
      const refused = await t.call(path, body, { token: without.get(permission)!, ip: nextIp() });
      if (sampled ? refused.message !== REFUSED : refused.code === 0) problems.push(`${path} (${permission}) without it: ${refused.code} ${refused.message}`);
      if (!sampled) continue;
      // a fresh session per call: the call itself may end it (logout, a password change)
      const { token } = await issueStaffToken(t.app.deps.db, only.get(permission)!, "127.0.0.1");
      const allowed = await envelopeOrFile(path, body, token);
      if (allowed !== "file" && (allowed.message === REFUSED || isTokenCode(allowed.code))) problems.push(`${path} (${permission}) with it: ${allowed.code} ${allowed.message}`);
    }
    expect(problems).toEqual([]);
    expect(unsampled.length, unsampled.join(", ")).toBeLessThanOrEqual(Math.floor(staffPaths().length / 8));
  });
  it("the console's own calls (profile, logout, own password, the bell) need a staff session only: a role holding one unrelated permission gets through, a member or guest does not", async () => {
    const signedIn = registeredPaths(t).flatMap(({ path, access }) => (typeof access === "object" && access.staff === SIGNED_IN_STAFF ? [path] : []));
    expect(signedIn.sort()).toEqual(["/shopapi/login/logout", "/shopapi/staff/info", "/shopapi/staffnotice/lists", "/shopapi/staffnotice/read", "/shopapi/user/modifypassword"]);
    const narrow = await insertStaff(t, { role: "servicer", group_id: await insertGroup(t, ["evaluate.manage"]) });
    const { token } = await issueStaffToken(t.app.deps.db, narrow.staff_id, "127.0.0.1");
    expect(await t.call("/shopapi/staff/info", {}, { token, ip: nextIp() })).toMatchObject({ code: 0, data: { permissions: ["evaluate.manage"] } });
    expect((await t.call("/shopapi/order/lists", {}, { token, ip: nextIp() })).message).toBe(REFUSED);
    expect(await t.call("/shopapi/login/logout", {}, { token, ip: nextIp() })).toMatchObject({ code: 0 });
    expect(isTokenCode((await t.call("/shopapi/staff/info", {}, { ip: nextIp() })).code)).toBe(true);
  });
});
