import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Code, isTokenCode } from "@shop/contract/codes";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { nextIp, registerMember } from "../modules/auth/testing.ts";
import { hasPermission } from "../modules/staff/permissions.ts";
import { staffToken } from "../modules/staff/testing.ts";
import { registeredPaths, validBody } from "./access-testing.ts";
import { SIGNED_IN_STAFF } from "./api.ts";

/**
 * Declared access (ADR 0008), proven over every registered endpoint: the list comes from the live
 * app's `api.access`, so endpoints added later are covered without touching this file. Each call
 * carries a body its contract schema accepts (validation runs before the access check), so a
 * refusal here comes from the access check.
 */
describe("declared access of every registered endpoint", () => {
  let t: TestApp;
  let adminToken: string;
  let servicerToken: string;
  let memberToken: string;
  let memberCookie: string;
  beforeAll(async () => {
    t = await startTestApp();
    adminToken = await staffToken(t, "admin");
    servicerToken = await staffToken(t, "servicer");
    ({ token: memberToken, cookie: memberCookie } = await registerMember(t));
  });
  afterAll(() => t.close());

  const memberPaths = () => registeredPaths(t).filter(({ access }) => access === "member").map(({ path }) => path);
  const staffPaths = () => registeredPaths(t).flatMap(({ path, access }) => (typeof access === "object" ? [{ path, permission: access.staff }] : []));

  /** Code answered for `path`; bodies the sampler could not build are sent as {} and collected. */
  async function codeOf(path: Parameters<typeof validBody>[0], options: { token?: string; cookie?: string; headers?: Record<string, string> }, unsampled?: Set<string>) {
    const body = validBody(path);
    if (!body) unsampled?.add(path);
    return (await t.call(path, body ?? {}, { ip: nextIp(), ...options })).code;
  }

  it("declares member and staff paths, staff ones only under /shopapi/", () => {
    expect(memberPaths().length).toBeGreaterThan(5);
    expect(staffPaths().length).toBeGreaterThan(0);
    for (const { path } of staffPaths()) expect(path, "a staff path outside /shopapi/").toMatch(/^\/shopapi\//);
    // Under /shopapi/ only the staff login is open: every other call there is a staff action.
    const openStaffArea = registeredPaths(t).filter(({ path, access }) => path.startsWith("/shopapi/") && typeof access !== "object").map(({ path }) => path);
    expect(openStaffArea).toEqual(["/shopapi/login/login"]);
  });

  it("builds a valid body for (nearly) every path, so refusals below are the access check's", () => {
    const paths = registeredPaths(t).map(({ path }) => path);
    const unsampled = paths.filter((path) => !validBody(path));
    // The sampler covers the contract's field kinds; a path it cannot fill is still checked below
    // for a refusal (any non-0 code), just less sharply. Keep it the exception.
    expect(unsampled.length, `no valid body for: ${unsampled.join(", ")}`).toBeLessThanOrEqual(Math.floor(paths.length / 10));
  });

  it("every member path answers -10009 to a guest, a junk token, and a staff token (body, cookie or staff header)", async () => {
    const problems: string[] = [];
    const unsampled = new Set<string>();
    for (const path of memberPaths()) {
      const callers = {
        guest: {},
        "junk token": { token: "not-a-real-token" },
        "staff token": { token: adminToken },
        "staff token as cookie": { cookie: `shop_token=${adminToken}` },
        "staff header": { headers: { "x-staff-token": adminToken } },
      };
      for (const [caller, options] of Object.entries(callers)) {
        const code = await codeOf(path, options, unsampled);
        const refused = unsampled.has(path) ? code !== Code.SUCCESS : code === Code.TOKEN_ERROR;
        if (!refused) problems.push(`${path} (${caller}): ${code}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("every member path lets a member through the access check (no token error with a member token)", async () => {
    const problems: string[] = [];
    for (const path of memberPaths()) {
      // A fresh member per path: a call may change the account (password, logout) or its data.
      const { token } = await registerMember(t);
      const code = await codeOf(path, { token });
      if (isTokenCode(code)) problems.push(`${path}: ${code}`);
    }
    expect(problems).toEqual([]);
  });

  it("every staff path answers -10009 to a guest and to a member (token in the body, the cookie or the staff header)", async () => {
    const problems: string[] = [];
    const unsampled = new Set<string>();
    for (const { path } of staffPaths()) {
      const callers = {
        guest: {},
        "member token": { token: memberToken },
        "member cookie": { cookie: memberCookie },
        "member token as staff header": { headers: { "x-staff-token": memberToken } },
      };
      for (const [caller, options] of Object.entries(callers)) {
        const code = await codeOf(path, options, unsampled);
        const refused = unsampled.has(path) ? code !== Code.SUCCESS : code === Code.TOKEN_ERROR;
        if (!refused) problems.push(`${path} (${caller}): ${code}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("every staff path refuses a staff member whose role lacks its permission (servicer): -1 没有执行此操作的权限", async () => {
    const problems: string[] = [];
    const refusedPaths = staffPaths().filter(({ permission }) => permission !== SIGNED_IN_STAFF && !hasPermission("servicer", permission));
    for (const { path } of refusedPaths) {
      const body = validBody(path);
      const response = await t.call(path, body ?? {}, { token: servicerToken, ip: nextIp() });
      const expected = body ? response.code === Code.ERROR && response.message === "没有执行此操作的权限" : response.code !== Code.SUCCESS;
      if (!expected) problems.push(`${path}: ${response.code} ${response.message}`);
    }
    expect(problems).toEqual([]);
    // The servicer still gets through where its role allows.
    expect((await t.call("/shopapi/staff/info", {}, { token: servicerToken })).code).toBe(0);
  });
});
