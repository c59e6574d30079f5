import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Code } from "@shop/contract/codes";
import type { AdminStaffGroup, AdminStaffLog, AdminStaffUser, Page, StaffPermissionGroup, StaffProfile } from "@shop/contract";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { nextIp } from "../auth/testing.ts";
import { PERMISSIONS } from "./permissions.ts";
import { ADMIN_GROUP_ID, insertGroup, insertStaff, loginStaff, SERVICE_GROUP_ID } from "./testing.ts";

/** Roles as data: the role editor's calls, their refusals, and a role's permissions applying at once. */
describe(`staff roles (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let owner: { staff_id: number; token: string };
  beforeAll(async () => {
    t = await startTestApp();
    const staff = await insertStaff(t, { role: "admin" });
    owner = { staff_id: staff.staff_id, token: (await loginStaff(t, staff)).token };
  });
  afterAll(() => t.close());

  const call = <T = unknown>(path: string, body: Record<string, unknown>, token = owner.token) => t.call<T>(path, body, { token, ip: nextIp() });
  const logOf = async (action: string) =>
    (await call<Page<AdminStaffLog>>("/shopapi/user/userlog", { action, page_size: 100 })).data.list;

  it("migration 0036 made 管理员 (every permission, system) and 客服 (order.view, chat.serve)", async () => {
    const groups = (await call<AdminStaffGroup[]>("/shopapi/user/group", {})).data;
    expect(groups.slice(0, 2).map(({ group_id, group_name, is_system }) => ({ group_id, group_name, is_system }))).toEqual([
      { group_id: ADMIN_GROUP_ID, group_name: "管理员", is_system: 1 },
      { group_id: SERVICE_GROUP_ID, group_name: "客服", is_system: 0 },
    ]);
    expect(groups[1]!.menu_array).toBe("order.view,chat.serve");
    const info = await call<StaffProfile>("/shopapi/staff/info", {});
    expect(info.data).toMatchObject({ group_id: ADMIN_GROUP_ID, group_name: "管理员" });
    expect([...info.data.permissions].sort()).toEqual([...PERMISSIONS].sort());
  });

  it("lists every permission once for the role editor, grouped in menu order with Chinese labels", async () => {
    const groups = (await call<StaffPermissionGroup[]>("/shopapi/user/permissions", {})).data;
    const names = groups.flatMap((group) => group.permissions.map((permission) => permission.name));
    expect([...names].sort()).toEqual([...PERMISSIONS].sort());
    expect(groups[0]).toMatchObject({ group_name: "概况", permissions: [{ name: "stat.view", label: "查看经营概况" }] });
    expect(groups.every((group) => group.permissions.every((permission) => /[\u4e00-\u9fff]/.test(permission.label)))).toBe(true);
  });

  it("adds, edits and deletes a role, logging each; refuses 管理员, a twin name, an unknown permission and a role in use", async () => {
    const added = await call<{ group_id: number }>("/shopapi/user/addgroup", { group_name: "运营", menu_array: ["goods.manage", "content.manage"], desc: "商品与装修" });
    expect(added.code).toBe(0);
    const groupId = added.data.group_id;
    const saved = (await call<AdminStaffGroup[]>("/shopapi/user/group", {})).data.find((group) => group.group_id === groupId);
    // exactly what was chosen: signing in needs no permission (SIGNED_IN_STAFF)
    expect(saved).toMatchObject({ group_name: "运营", menu_array: "goods.manage,content.manage", desc: "商品与装修", is_system: 0, user_count: 0 });

    expect(await call("/shopapi/user/addgroup", { group_name: "运营", menu_array: ["goods.manage"] })).toMatchObject({ code: Code.ERROR, message: "已有名为「运营」的角色" });
    expect(await call("/shopapi/user/addgroup", { group_name: "坏", menu_array: ["goods.steal"] })).toMatchObject({ code: Code.ERROR, message: "未知的权限：goods.steal" });
    expect(await call("/shopapi/user/addgroup", { group_name: "空", menu_array: [] })).toMatchObject({ code: Code.PARAM, message: expect.stringContaining("menu_array") });
    expect(await call("/shopapi/user/editgroup", { group_id: ADMIN_GROUP_ID, group_name: "管理员", menu_array: ["order.view"] })).toMatchObject({
      code: Code.ERROR, message: "管理员角色拥有全部权限，不能修改或删除",
    });
    expect((await call("/shopapi/user/deletegroup", { group_id: ADMIN_GROUP_ID })).message).toBe("管理员角色拥有全部权限，不能修改或删除");
    expect((await call("/shopapi/user/editgroup", { group_id: groupId, group_name: "客服", menu_array: ["order.view"] })).message).toBe("已有名为「客服」的角色");

    expect(await call("/shopapi/user/editgroup", { group_id: groupId, group_name: "运营专员", menu_array: ["goods.manage"] })).toMatchObject({ code: 0 });
    const member = await insertStaff(t, { role: "servicer", group_id: groupId });
    expect(await call("/shopapi/user/deletegroup", { group_id: groupId })).toMatchObject({ code: Code.ERROR, message: "角色「运营专员」下还有 1 名员工，请先为他们更换角色" });
    await call("/shopapi/user/deleteuser", { uid: member.staff_id });
    expect(await call("/shopapi/user/deletegroup", { group_id: groupId })).toMatchObject({ code: 0 });
    expect((await call<AdminStaffGroup[]>("/shopapi/user/group", {})).data.some((group) => group.group_id === groupId)).toBe(false);

    for (const action of ["user.addgroup", "user.editgroup", "user.deletegroup"]) {
      const lines = (await logOf(action)).filter((line) => line.target_id === String(groupId));
      expect(lines, action).toHaveLength(1);
      expect(lines[0]).toMatchObject({ uid: owner.staff_id, target_type: "staff_group" });
    }
  });

  it("a role's permissions apply from its member's next call; the server refuses everything else", async () => {
    const groupId = (await call<{ group_id: number }>("/shopapi/user/addgroup", { group_name: "只看订单", menu_array: ["order.view"] })).data.group_id;
    const clerk = await insertStaff(t, { role: "servicer", group_id: groupId });
    const token = (await loginStaff(t, clerk)).token;
    const brands = () => call("/shopapi/goodsbrand/lists", {}, token);
    expect(await call("/shopapi/order/lists", {}, token)).toMatchObject({ code: 0 });
    expect(await brands()).toMatchObject({ code: Code.ERROR, message: "没有执行此操作的权限" });
    expect(await call("/shopapi/user/user", {}, token)).toMatchObject({ code: Code.ERROR, message: "没有执行此操作的权限" });
    expect((await call<StaffProfile>("/shopapi/staff/info", {}, token)).data).toMatchObject({ group_id: groupId, group_name: "只看订单", permissions: ["order.view"], role: "servicer" });

    await call("/shopapi/user/editgroup", { group_id: groupId, group_name: "只看订单", menu_array: ["order.view", "goods.manage"] });
    expect(await brands()).toMatchObject({ code: 0 });
    await call("/shopapi/user/editgroup", { group_id: groupId, group_name: "只看订单", menu_array: ["order.view"] });
    expect(await brands()).toMatchObject({ code: Code.ERROR, message: "没有执行此操作的权限" });

    // moved into 管理员 by the owner: everything, from the next call
    expect(await call("/shopapi/user/edituser", { uid: clerk.staff_id, nickname: "升职", group_id: ADMIN_GROUP_ID })).toMatchObject({ code: 0 });
    expect(await brands()).toMatchObject({ code: 0 });
    expect((await call<StaffProfile>("/shopapi/staff/info", {}, token)).data).toMatchObject({ role: "admin", nickname: "升职", group_name: "管理员" });
  });

  it("manages accounts: unique usernames, hashed passwords, disabling ends sessions, a reset password, no self-harm, one 管理员 kept", async () => {
    const added = await call<{ uid: number }>("/shopapi/user/adduser", { username: "clerk_a", password: "clerk-secret-1", nickname: "小A", group_id: SERVICE_GROUP_ID });
    expect(added.code).toBe(0);
    const uid = added.data.uid;
    const stored = await t.app.deps.db.selectFrom("staff").select(["password", "role", "group_id"]).where("staff_id", "=", uid).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ role: "servicer", group_id: SERVICE_GROUP_ID });
    expect(stored.password).not.toContain("clerk-secret-1");
    expect(await call("/shopapi/user/adduser", { username: "clerk_a", password: "clerk-secret-2", group_id: SERVICE_GROUP_ID })).toMatchObject({
      code: Code.ERROR, message: "用户名「clerk_a」已被使用",
    });
    expect((await call("/shopapi/user/adduser", { username: "clerk_b", password: "short", group_id: SERVICE_GROUP_ID })).code).toBe(Code.PARAM);
    expect((await call("/shopapi/user/adduser", { username: "clerk_b", password: "clerk-secret-1", group_id: 999999 })).message).toBe("角色不存在");

    const listed = await call<Page<AdminStaffUser>>("/shopapi/user/user", { search_text: "CLERK_A" });
    expect(listed.data.list).toEqual([expect.objectContaining({ uid, username: "clerk_a", nickname: "小A", group_name: "客服", status: 1, is_admin: 0 })]);
    expect((await call<Page<AdminStaffUser>>("/shopapi/user/user", { group_id: SERVICE_GROUP_ID, status: 0 })).data.list.some((row) => row.uid === uid)).toBe(false);

    const session = await loginStaff(t, { username: "clerk_a", password: "clerk-secret-1" });
    expect((await call("/shopapi/staff/info", {}, session.token)).code).toBe(0);
    expect(await call("/shopapi/user/modifyuserstatus", { uid, status: 0 })).toMatchObject({ code: 0 });
    expect((await call("/shopapi/staff/info", {}, session.token)).code).toBe(Code.TOKEN_ERROR);
    expect((await t.call("/shopapi/login/login", { username: "clerk_a", password: "clerk-secret-1" }, { ip: nextIp() })).message).toBe("账号已停用");
    await call("/shopapi/user/modifyuserstatus", { uid, status: 1 });

    const again = await loginStaff(t, { username: "clerk_a", password: "clerk-secret-1" });
    expect(await call("/shopapi/user/modifyuserpassword", { uid, password: "clerk-secret-9" })).toMatchObject({ code: 0 });
    expect((await call("/shopapi/staff/info", {}, again.token)).code).toBe(Code.TOKEN_ERROR);
    expect((await loginStaff(t, { username: "clerk_a", password: "clerk-secret-9" })).staff.group_name).toBe("客服");
    const reset = (await logOf("user.modifyuserpassword")).find((line) => line.target_id === String(uid));
    expect(reset?.detail).not.toContain("clerk-secret-9");

    for (const [path, body, message] of [
      ["/shopapi/user/modifyuserstatus", { uid: owner.staff_id, status: 0 }, "不能停用自己的账号"],
      ["/shopapi/user/deleteuser", { uid: owner.staff_id }, "不能删除自己的账号"],
      ["/shopapi/user/modifyuserpassword", { uid: owner.staff_id, password: "owner-secret-2" }, "不能在这里重置自己的账号"],
      ["/shopapi/user/edituser", { uid: owner.staff_id, nickname: "", group_id: SERVICE_GROUP_ID }, "不能更换自己的账号"],
    ] as const) {
      expect(await call(path, body), path).toMatchObject({ code: Code.ERROR, message });
    }

    // Another owner, who then tries to remove the last enabled 管理员 (everyone else in 管理员 is disabled first).
    const admins = await t.app.deps.db.selectFrom("staff").select("staff_id").where("group_id", "=", ADMIN_GROUP_ID).where("staff_id", "!=", owner.staff_id).execute();
    await t.app.deps.db.updateTable("staff").set({ status: 0 }).where("staff_id", "in", admins.length ? admins.map((row) => row.staff_id) : [0]).execute();
    const second = await insertStaff(t, { role: "servicer", group_id: SERVICE_GROUP_ID });
    await t.app.deps.db.updateTable("staff").set({ group_id: ADMIN_GROUP_ID, role: "admin" }).where("staff_id", "=", second.staff_id).execute();
    const secondToken = (await loginStaff(t, second)).token;
    expect(await call("/shopapi/user/modifyuserstatus", { uid: owner.staff_id, status: 0 }, secondToken)).toMatchObject({ code: 0 });
    const lastAdmin = "这是最后一个启用的管理员账号，不能停用、删除或更换角色";
    // `second` is now the last enabled 管理员: re-enabled owner may not remove them
    await call("/shopapi/user/modifyuserstatus", { uid: owner.staff_id, status: 1 }, secondToken);
    await call("/shopapi/user/modifyuserstatus", { uid: owner.staff_id, status: 0 }, secondToken);
    const thirdStaff = await insertStaff(t, { role: "admin" });
    const third = (await loginStaff(t, thirdStaff)).token;
    expect(await call("/shopapi/user/modifyuserstatus", { uid: thirdStaff.staff_id, status: 0 }, secondToken)).toMatchObject({ code: 0 });
    // with owner and third disabled, second is the only enabled 管理员 — a disabled admin cannot act, so an enabled non-admin with staff.manage tries
    const managers = await insertGroup(t, ["order.view", "staff.manage"]);
    const manager = await insertStaff(t, { role: "servicer", group_id: managers });
    const managerToken = (await loginStaff(t, manager)).token;
    expect(await call("/shopapi/user/modifyuserstatus", { uid: second.staff_id, status: 0 }, managerToken)).toMatchObject({ code: Code.ERROR, message: lastAdmin });
    expect(await call("/shopapi/user/deleteuser", { uid: second.staff_id }, managerToken)).toMatchObject({ code: Code.ERROR, message: lastAdmin });
    expect(await call("/shopapi/user/edituser", { uid: second.staff_id, nickname: "", group_id: SERVICE_GROUP_ID }, managerToken)).toMatchObject({ code: Code.ERROR, message: lastAdmin });
    expect((await call("/shopapi/staff/info", {}, third)).code).toBe(Code.TOKEN_ERROR);
    // restore the owner for the tests after this one
    expect(await call("/shopapi/user/modifyuserstatus", { uid: owner.staff_id, status: 1 }, secondToken)).toMatchObject({ code: 0 });
    owner.token = (await t.call<{ token: string }>("/shopapi/login/login", { username: (await t.app.deps.db.selectFrom("staff").select("username").where("staff_id", "=", owner.staff_id).executeTakeFirstOrThrow()).username, password: "staff-secret-1" }, { ip: nextIp() })).data.token;

    expect(await call("/shopapi/user/deleteuser", { uid })).toMatchObject({ code: 0 });
    expect((await call<Page<AdminStaffUser>>("/shopapi/user/user", { search_text: "clerk_a" })).data.count).toBe(0);
    // its log lines stay
    expect((await call<Page<AdminStaffLog>>("/shopapi/user/userlog", { target_type: "staff", target_id: String(uid) })).data.count).toBeGreaterThanOrEqual(4);
  });

  it("the operation log filters by staff, action, target and time, newest first", async () => {
    const db = t.app.deps.db;
    const base = 1_900_000_000;
    const rows = [
      { staff_id: 9001, staff_name: "log_a", action: "goodsbrand.add", target_type: "goods_brand", target_id: "7", create_time: base },
      { staff_id: 9001, staff_name: "log_a", action: "goodsbrand.edit", target_type: "goods_brand", target_id: "7", create_time: base + 60 },
      { staff_id: 9002, staff_name: "log_b", action: "goodsbrand.edit", target_type: "goods_brand", target_id: "8", create_time: base + 120 },
    ];
    await db.insertInto("staff_log").values(rows.map((row) => ({ ...row, detail: "{}", ip: "127.0.0.1" }))).execute();
    const ids = async (body: Record<string, unknown>) =>
      (await call<Page<AdminStaffLog>>("/shopapi/user/userlog", { start_time: base, ...body })).data.list.map((line) => `${line.username}:${line.action}:${line.target_id}`);
    expect(await ids({})).toEqual(["log_b:goodsbrand.edit:8", "log_a:goodsbrand.edit:7", "log_a:goodsbrand.add:7"]);
    expect(await ids({ uid: 9001 })).toEqual(["log_a:goodsbrand.edit:7", "log_a:goodsbrand.add:7"]);
    expect(await ids({ action: "goodsbrand.edit" })).toEqual(["log_b:goodsbrand.edit:8", "log_a:goodsbrand.edit:7"]);
    expect(await ids({ target_type: "goods_brand", target_id: "7" })).toEqual(["log_a:goodsbrand.edit:7", "log_a:goodsbrand.add:7"]);
    expect(await ids({ start_time: base + 60, end_time: base + 60 })).toEqual(["log_a:goodsbrand.edit:7"]);
    const paged = await call<Page<AdminStaffLog>>("/shopapi/user/userlog", { start_time: base, page: 2, page_size: 2 });
    expect(paged.data).toMatchObject({ count: 3, page_count: 2 });
    expect(paged.data.list.map((line) => line.action)).toEqual(["goodsbrand.add"]);
  });
});
