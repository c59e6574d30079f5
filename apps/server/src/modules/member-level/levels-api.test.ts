import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GrowthRecord, MemberLevelItem, MemberLevelState, Page, StaffMemberLevel } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { unitOfWork, type Db } from "../../db/unit-of-work.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { loginTestStaff } from "../order/test-fixtures.ts";
import { addGrowth } from "./growth.ts";
import { insertCouponType, insertLadder, memberState, type TestLadder } from "./test-fixtures.ts";

/** /api/memberlevel/* for members and /shopapi/memberlevel/* for staff (member.manage). */
describe(`member levels API (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let ladder: TestLadder;
  let admin: string;
  let servicer: string;
  let member: TestMember;
  let other: TestMember;
  let couponTypeId: number;
  const db = (): Db => t.app.deps.db;
  const staffCall = <T>(path: string, body: object, token = admin) => t.call<T>(path, body, { token });
  const grow = (memberId: number, growth: number, key: string) => unitOfWork(db(), (tx) => addGrowth(tx, memberId, growth, "signin", key));

  beforeAll(async () => {
    t = await startTestApp();
    ladder = await insertLadder(db());
    couponTypeId = await insertCouponType(db(), "黄金会员专享券");
    await db().insertInto("member_level_coupon").values({ level_id: ladder.gold, coupon_type_id: couponTypeId }).execute();
    admin = await loginTestStaff(t, "admin");
    servicer = await loginTestStaff(t, "servicer");
    member = await registerMember(t);
    other = await registerMember(t);
    for (const m of [member, other]) await db().updateTable("member").set({ member_level: ladder.normal }).where("member_id", "=", m.member_id).execute();
  });
  afterAll(() => t.close());

  it("lists the ladder to anyone, lowest first, with gifts and the reference's fields", async () => {
    const answer = await t.call<MemberLevelItem[]>("/api/memberlevel/lists", {});
    expect(answer.code).toBe(0);
    expect(answer.data.map((level) => [level.level_name, level.growth])).toEqual([["普通会员", 0], ["白银会员", 500], ["黄金会员", 2000], ["钻石会员", 10000]]);
    expect(answer.data[2]).toEqual({
      level_id: ladder.gold, level_name: "黄金会员", growth: 2000, remark: "黄金会员说明", consume_discount: 95, is_free_shipping: 0, send_point: 300,
      send_balance: "10.00", is_default: 0, sort: 2000,
      send_coupon: [{ coupon_type_id: couponTypeId, coupon_name: "黄金会员专享券", type: "reward", money: "10.00", discount: "0", at_least: "99.00" }],
    });
  });

  it("tells the caller its level, growth and the way to the next level", async () => {
    await grow(member.member_id, 800, `info-${member.member_id}`);
    const answer = await t.call<MemberLevelState>("/api/memberlevel/info", {}, { token: member.token });
    expect(answer.data).toMatchObject({
      member_id: member.member_id, growth: 800, level_id: ladder.silver, level_name: "白银会员", consume_discount: 98,
      next_level: { level_id: ladder.gold, level_name: "黄金会员", growth: 2000 }, growth_to_next: 1200, progress_percent: 20,
    });
    expect(answer.data.reached.map((level) => level.level_name)).toEqual(["白银会员"]);
    const top = await t.call<MemberLevelState>("/api/memberlevel/info", {}, { token: other.token });
    expect(top.data).toMatchObject({ growth: 0, level_name: "普通会员", growth_to_next: 500, progress_percent: 0, reached: [] });
    expect((await t.call("/api/memberlevel/info", {})).code).toBe(Code.TOKEN_ERROR);
  });

  it("shows each member only its own growth records, newest first", async () => {
    await grow(other.member_id, 5, `other-${other.member_id}`);
    const mine = await t.call<Page<GrowthRecord>>("/api/memberlevel/growthrecords", { page: 1, page_size: 10 }, { token: member.token });
    expect(mine.data.count).toBe(1);
    expect(mine.data.list[0]).toMatchObject({ growth: 800, growth_after: 800, from_type: "signin", type_name: "签到奖励" });
    const theirs = await t.call<Page<GrowthRecord>>("/api/memberlevel/growthrecords", { member_id: member.member_id }, { token: other.token });
    expect(theirs.data.list.map((record) => record.growth)).toEqual([5]);
    expect((await t.call("/api/memberlevel/growthrecords", { page: 0 }, { token: member.token })).code).toBe(Code.PARAM);
    expect((await t.call("/api/memberlevel/growthrecords", {})).code).toBe(Code.TOKEN_ERROR);
  });

  it("refuses staff calls without member.manage and writes nothing", async () => {
    const body = { level_name: "测试", growth: 300, consume_discount: 99 };
    for (const [path, payload] of [["/shopapi/memberlevel/lists", {}], ["/shopapi/memberlevel/add", body], ["/shopapi/memberlevel/delete", { level_id: ladder.silver }]] as const) {
      expect(await staffCall(path, payload, servicer), path).toMatchObject({ code: Code.ERROR, message: "没有执行此操作的权限" });
      expect((await t.call(path, payload, { token: member.token })).code, path).toBe(Code.TOKEN_ERROR);
    }
    expect(await db().selectFrom("member_level").select("level_id").where("level_name", "=", "测试").execute()).toEqual([]);
  });

  it("adds, edits and deletes levels with clear refusals, each logged", async () => {
    const bad = [
      [{ level_name: "", growth: 300, consume_discount: 99 }, "参数 level_name 不能为空"],
      [{ level_name: "青铜会员", growth: -1, consume_discount: 99 }, "参数 growth 不能小于 0"],
      [{ level_name: "青铜会员", growth: 300, consume_discount: 5 }, "参数 consume_discount 不能小于 10"],
      [{ level_name: "青铜会员", growth: 300, consume_discount: 99, send_balance: "1.005" }, "参数 send_balance 格式不正确"],
      [{ level_name: "青铜会员", growth: 300, consume_discount: 99, send_balance: "10000.01" }, "赠送余额不能超过 10000 元"],
      [{ level_name: "青铜会员", growth: 300, consume_discount: 99, send_coupon: "x" }, "优惠券类型 ID 无效"],
      [{ level_name: "青铜会员", growth: 1.5, consume_discount: 99 }, "参数 growth"],
    ] as const;
    for (const [body, message] of bad) {
      const answer = await staffCall("/shopapi/memberlevel/add", body);
      expect(answer.code, JSON.stringify(body)).toBe(Code.PARAM);
      expect(answer.message, JSON.stringify(body)).toContain(message);
    }
    expect(await staffCall("/shopapi/memberlevel/add", { level_name: "白银会员", growth: 300, consume_discount: 99 })).toMatchObject({ code: Code.ERROR, message: "等级名称「白银会员」已存在" });
    expect(await staffCall("/shopapi/memberlevel/add", { level_name: "青铜会员", growth: 500, consume_discount: 99 })).toMatchObject({ code: Code.ERROR, message: "「白银会员」的所需成长值也是 500，各等级的成长值须不同" });
    expect(await staffCall("/shopapi/memberlevel/add", { level_name: "青铜会员", growth: 0, consume_discount: 99 })).toMatchObject({ code: Code.ERROR, message: "所需成长值须大于 0（0 是默认等级的门槛）" });
    expect(await staffCall("/shopapi/memberlevel/add", { level_name: "青铜会员", growth: 300, consume_discount: 99, send_coupon: [987654] })).toMatchObject({ code: Code.ERROR, message: "优惠券类型 987654 不存在" });

    const added = await staffCall<{ level_id: number }>("/shopapi/memberlevel/add", {
      level_name: " 青铜会员 ", growth: "300", consume_discount: 99, send_point: 20, send_balance: "2.5", send_coupon: String(couponTypeId),
    });
    expect(added.code, added.message).toBe(0);
    const levels = await staffCall<StaffMemberLevel[]>("/shopapi/memberlevel/lists", {});
    const bronze = levels.data.find((level) => level.level_id === added.data.level_id);
    expect(bronze).toMatchObject({ level_name: "青铜会员", growth: 300, send_balance: "2.50", member_count: 0, send_coupon: [expect.objectContaining({ coupon_type_id: couponTypeId })] });
    expect(levels.data.find((level) => level.level_id === ladder.normal)?.member_count).toBeGreaterThanOrEqual(1);

    expect(await staffCall("/shopapi/memberlevel/edit", { level_id: ladder.normal, level_name: "普通会员", growth: 10, consume_discount: 100 })).toMatchObject({
      code: Code.ERROR, message: "默认等级（新会员的等级）所需成长值须为 0",
    });
    const edited = await staffCall("/shopapi/memberlevel/edit", { level_id: added.data.level_id, level_name: "青铜会员", growth: 350, consume_discount: 99, send_coupon: [] });
    expect(edited.code, edited.message).toBe(0);
    expect(await db().selectFrom("member_level_coupon").select("id").where("level_id", "=", added.data.level_id).execute()).toEqual([]);
    expect(await staffCall("/shopapi/memberlevel/edit", { level_id: 987654, level_name: "x", growth: 1, consume_discount: 100 })).toMatchObject({ code: Code.ERROR, message: "会员等级不存在" });

    expect(await staffCall("/shopapi/memberlevel/delete", { level_id: ladder.normal })).toMatchObject({ code: Code.ERROR, message: "默认等级不能删除" });
    expect(await staffCall("/shopapi/memberlevel/delete", { level_id: ladder.silver })).toMatchObject({ code: Code.ERROR, message: "仍有会员处于「白银会员」，不能删除" });
    expect((await staffCall("/shopapi/memberlevel/delete", { level_id: added.data.level_id })).code).toBe(0);
    expect(await db().selectFrom("member_level").select("level_id").where("level_id", "=", added.data.level_id).execute()).toEqual([]);

    const logs = await db().selectFrom("staff_log").select(["action", "target_id"]).where("action", "like", "memberlevel.%").orderBy("id").execute();
    expect(logs).toEqual([
      { action: "memberlevel.add", target_id: String(added.data.level_id) },
      { action: "memberlevel.edit", target_id: String(added.data.level_id) },
      { action: "memberlevel.delete", target_id: String(added.data.level_id) },
    ]);
  });

  it("lets staff set the growth rate and adjust a member's growth, which may upgrade it", async () => {
    expect((await staffCall("/shopapi/memberlevel/growthconfig", {})).data).toEqual({ order_growth_per_yuan: 1 });
    expect((await staffCall("/shopapi/memberlevel/setgrowthconfig", { order_growth_per_yuan: 101 })).code).toBe(Code.PARAM);
    expect((await staffCall("/shopapi/memberlevel/setgrowthconfig", { order_growth_per_yuan: 2 })).data).toEqual({ order_growth_per_yuan: 2 });
    expect((await staffCall("/shopapi/memberlevel/growthconfig", {})).data).toEqual({ order_growth_per_yuan: 2 });

    expect((await staffCall("/shopapi/memberlevel/adjustgrowth", { member_id: other.member_id, growth: 0, remark: "x" })).code).toBe(Code.PARAM);
    expect((await staffCall("/shopapi/memberlevel/adjustgrowth", { member_id: other.member_id, growth: 10, remark: " " })).code).toBe(Code.PARAM);
    expect(await staffCall("/shopapi/memberlevel/adjustgrowth", { member_id: 987654, growth: 10, remark: "补偿" })).toMatchObject({ code: Code.ERROR, message: "会员不存在" });
    const adjusted = await staffCall("/shopapi/memberlevel/adjustgrowth", { member_id: other.member_id, growth: 2500, remark: "活动补偿" });
    expect(adjusted).toMatchObject({ code: 0, data: { growth: 2505, level_id: ladder.gold } });
    expect(await memberState(db(), other.member_id)).toMatchObject({ growth: 2505, member_level: ladder.gold });
    const coupons = await db().selectFrom("coupon").select("coupon_type_id").where("member_id", "=", other.member_id).execute();
    expect(coupons).toEqual([{ coupon_type_id: couponTypeId }]);
    const log = await db().selectFrom("staff_log").select(["target_id", "detail"]).where("action", "=", "memberlevel.adjustgrowth").executeTakeFirstOrThrow();
    expect(log.target_id).toBe(String(other.member_id));
    expect(JSON.parse(log.detail)).toEqual({ growth: 2500, remark: "活动补偿", growth_after: 2505 });
  });
});
