import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify from "fastify";
import { Code } from "@shop/contract/codes";
import type { StaffLoginResult, StaffProfile } from "@shop/contract";
import { WEB_CLIENT_HEADER, WEB_CLIENT_NAME } from "@shop/contract/client";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { createApi } from "../../core/api.ts";
import { BizError } from "../../core/errors.ts";
import { envelope } from "../../core/envelope.ts";
import { hashToken } from "../auth/tokens.ts";
import { nextIp, registerMember, type TestMember } from "../auth/testing.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { now } from "../../core/time.ts";
import { PERMISSIONS, hasPermission } from "./permissions.ts";
import { logStaffAction } from "./staff-log.ts";
import { STAFF_SESSION_SECONDS } from "./tokens.ts";
import { staffProfile } from "./login.ts";
import { insertStaff, loginStaff } from "./testing.ts";

describe(`staff accounts and tokens (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let member: TestMember;
  beforeAll(async () => {
    t = await startTestApp();
    member = await registerMember(t);
  });
  afterAll(() => t.close());

  const login = (username: string, password: string) => t.call("/shopapi/login/login", { username, password }, { ip: nextIp() });
  const info = (token: string, asHeader = false) =>
    asHeader ? t.call<StaffProfile>("/shopapi/staff/info", {}, { headers: { "x-staff-token": token } }) : t.call<StaffProfile>("/shopapi/staff/info", {}, { token });

  it("signs in with username and password, and the token works in the body or the X-Staff-Token header", async () => {
    const admin = await insertStaff(t, { role: "admin" });
    const started = now();
    const session = await loginStaff(t, admin);
    expect(session.staff).toMatchObject({ staff_id: admin.staff_id, username: admin.username, role: "admin" });
    expect(session.staff.permissions.sort()).toEqual([...PERMISSIONS].sort());
    expect(session.expire_time).toBeGreaterThanOrEqual(started + STAFF_SESSION_SECONDS);
    expect(session.expire_time).toBeLessThanOrEqual(now() + STAFF_SESSION_SECONDS);
    expect(await info(session.token)).toMatchObject({ code: 0, data: { staff_id: admin.staff_id, role: "admin" } });
    expect(await info(session.token, true)).toMatchObject({ code: 0, data: { staff_id: admin.staff_id } });
    // Only a hash of the token is stored.
    const stored = await t.app.deps.db.selectFrom("staff_token").select("token_hash").where("staff_id", "=", admin.staff_id).execute();
    expect(stored).toEqual([{ token_hash: hashToken(session.token) }]);
  });

  it("answers a wrong password and an unknown account with the same -1 message", async () => {
    const admin = await insertStaff(t);
    expect(await login(admin.username, "wrong-password")).toMatchObject({ code: Code.ERROR, message: "账号或密码错误", data: null });
    expect(await login("no_such_staff", "wrong-password")).toMatchObject({ code: Code.ERROR, message: "账号或密码错误", data: null });
    // A member's credentials are not a staff account.
    expect(await login(member.username, member.password)).toMatchObject({ code: Code.ERROR, message: "账号或密码错误" });
    expect(await t.app.deps.db.selectFrom("staff_token").select("id").where("staff_id", "=", admin.staff_id).execute()).toEqual([]);
  });

  it("refuses a disabled account, and a disabled account's open session stops working", async () => {
    const disabled = await insertStaff(t, { status: 0 });
    expect(await login(disabled.username, disabled.password)).toMatchObject({ code: Code.ERROR, message: "账号已停用" });

    const leaving = await insertStaff(t);
    const session = await loginStaff(t, leaving);
    expect((await info(session.token)).code).toBe(0);
    await t.app.deps.db.updateTable("staff").set({ status: 0 }).where("staff_id", "=", leaving.staff_id).execute();
    expect(await info(session.token)).toMatchObject({ code: Code.TOKEN_ERROR });
  });

  it("logout revokes the token; an expired token answers -10010", async () => {
    const admin = await insertStaff(t);
    const first = await loginStaff(t, admin);
    const second = await loginStaff(t, admin);
    expect(await t.call("/shopapi/login/logout", {}, { token: first.token })).toMatchObject({ code: 0 });
    expect(await info(first.token)).toMatchObject({ code: Code.TOKEN_ERROR });
    expect(await t.call("/shopapi/login/logout", {}, { token: first.token })).toMatchObject({ code: Code.TOKEN_ERROR });
    expect((await info(second.token)).code).toBe(0); // other sessions of the same account live on

    await t.app.deps.db.updateTable("staff_token").set({ expire_time: now() - 1 }).where("token_hash", "=", hashToken(second.token)).execute();
    expect(await info(second.token)).toMatchObject({ code: Code.TOKEN_EXPIRE, message: "登录已过期，请重新登录" });
  });

  it("the console's login (our web client header) keeps the token in the httpOnly staff cookie, which opens staff calls until logout", async () => {
    const admin = await insertStaff(t);
    const response = await t.request<StaffLoginResult>(
      "/shopapi/login/login", { username: admin.username, password: admin.password }, { ip: nextIp(), headers: { [WEB_CLIENT_HEADER]: WEB_CLIENT_NAME } },
    );
    expect(response.body.data.token).toBe("");
    const setCookie = String(response.headers["set-cookie"]);
    expect(setCookie).toMatch(/^staff_token=[\w-]{43}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Strict$/);
    const cookie = `staff_token=${response.cookies.find((candidate) => candidate.name === "staff_token")!.value}`;
    expect(await t.call("/shopapi/staff/info", {}, { cookie })).toMatchObject({ code: 0, data: { staff_id: admin.staff_id } });
    // The shopper's cookie name never carries a staff session.
    expect((await t.call("/shopapi/staff/info", {}, { cookie: cookie.replace("staff_token", "shop_token") })).code).toBe(Code.TOKEN_ERROR);

    const logout = await t.request("/shopapi/login/logout", {}, { cookie });
    expect(logout.body.code).toBe(0);
    expect(String(logout.headers["set-cookie"])).toMatch(/^staff_token=; Max-Age=0;/);
    expect((await t.call("/shopapi/staff/info", {}, { cookie })).code).toBe(Code.TOKEN_ERROR);
    // Other clients still read the token from the answer.
    expect((await loginStaff(t, admin)).token).toMatch(/^[\w-]{43}$/);
  });

  it("staff tokens are not member tokens, and member tokens are not staff tokens", async () => {
    const session = await loginStaff(t, await insertStaff(t));
    // A member's token, in the body or as the web's cookie, opens no staff call.
    expect(await t.call("/shopapi/staff/info", {}, { token: member.token })).toMatchObject({ code: Code.TOKEN_ERROR });
    expect(await t.call("/shopapi/staff/info", {}, { cookie: member.cookie })).toMatchObject({ code: Code.TOKEN_ERROR });
    expect(await t.call("/shopapi/staff/info", {}, { headers: { "x-staff-token": member.token } })).toMatchObject({ code: Code.TOKEN_ERROR });
    // A staff token opens no member call, whether in the body, the cookie or the staff header.
    const memberPath = "/api/member/info";
    expect(t.app.api.access.get(memberPath)).toBe("member");
    expect((await t.call(memberPath, {}, { token: member.token })).code).toBe(0);
    expect(await t.call(memberPath, {}, { token: session.token })).toMatchObject({ code: Code.TOKEN_ERROR });
    expect(await t.call(memberPath, {}, { cookie: `shop_token=${session.token}` })).toMatchObject({ code: Code.TOKEN_ERROR });
    expect(await t.call(memberPath, {}, { headers: { "x-staff-token": session.token } })).toMatchObject({ code: Code.TOKEN_ERROR });
  });

  it("a staff route declared with a permission refuses a role without it (servicer) and serves one with it (admin)", async () => {
    // A tiny route registered through the real createApi, on its own Fastify, over this app's database.
    const app = Fastify({ logger: false });
    // As in app.ts: a thrown BizError is answered as its envelope.
    app.setErrorHandler((error, _request, reply) => (error instanceof BizError ? reply.send(envelope(error.code, error.message, error.data)) : reply.status(500).send(error)));
    const api = createApi(app, t.app.deps);
    api.staff("/shopapi/staff/info", "order.ship", (_body, ctx) => ({ ...staffProfile(ctx.staff), permissions: ["reached"] }));
    await app.ready();
    try {
      const call = async (token: string) => (await app.inject({ method: "POST", url: "/shopapi/staff/info", payload: { token } })).json();
      expect(hasPermission("servicer", "order.ship")).toBe(false);
      const servicer = await loginStaff(t, await insertStaff(t, { role: "servicer" }));
      expect(await call(servicer.token)).toMatchObject({ code: Code.ERROR, message: "没有执行此操作的权限", data: null });
      const admin = await loginStaff(t, await insertStaff(t, { role: "admin" }));
      expect(await call(admin.token)).toMatchObject({ code: 0, data: { role: "admin", permissions: ["reached"] } });
      expect(await call(member.token)).toMatchObject({ code: Code.TOKEN_ERROR });
      expect(api.access.get("/shopapi/staff/info")).toEqual({ staff: "order.ship" });
    } finally {
      await app.close();
    }
  });

  it("a role the permission table does not know holds no permission: signed in, refused every guarded call", async () => {
    const stranger = await loginStaff(t, await insertStaff(t, { role: "intern" }));
    expect(stranger.staff.permissions).toEqual([]);
    expect(await info(stranger.token)).toMatchObject({ code: 0, data: { permissions: [] } });
    expect(await t.call("/shopapi/order/lists", {}, { token: stranger.token })).toMatchObject({ code: Code.ERROR, message: "没有执行此操作的权限" });
  });

  it("logs a staff action with who, what, on which record; a rolled-back action leaves no log line", async () => {
    const admin = await insertStaff(t);
    const ctx = { staff: { staff_id: admin.staff_id, username: admin.username, nickname: "", role: "admin" }, ip: "192.0.2.7" };
    await unitOfWork(t.app.deps.db, (tx) => logStaffAction(tx, ctx, "order.ship", { type: "order", id: 42 }, { packages: 2 }));
    await expect(
      unitOfWork(t.app.deps.db, async (tx) => {
        await logStaffAction(tx, ctx, "order.close", { type: "order", id: 43 });
        throw new Error("the close failed");
      }),
    ).rejects.toThrow();
    const rows = await t.app.deps.db.selectFrom("staff_log").select(["staff_id", "staff_name", "action", "target_type", "target_id", "detail", "ip"]).where("staff_id", "=", admin.staff_id).execute();
    expect(rows).toEqual([{ staff_id: admin.staff_id, staff_name: admin.username, action: "order.ship", target_type: "order", target_id: "42", detail: '{"packages":2}', ip: "192.0.2.7" }]);
  });
});
