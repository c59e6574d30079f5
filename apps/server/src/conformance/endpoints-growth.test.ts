import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  AccountRecord, GrowthConfig, GrowthRecord, MemberAccountInfo, MemberLevelItem, MemberLevelState, Page, SigninConfig, SigninRecord, SigninStatus,
  StaffMemberLevel, StaffSigninRecord,
} from "@shop/contract";
import type { TestApp } from "../test/harness.ts";
import { loginTestStaff } from "../modules/order/test-fixtures.ts";
import { ReferenceClient } from "./reference-client.ts";
import { signedInClient, startReferenceShop } from "./fixtures.ts";

/**
 * Ledgers, levels and sign-in as the reference's member pages call them (docs/api/account.md,
 * member-level.md, signin.md): 我的积分 / 我的余额, the level ladder and the member's place on it (ours),
 * growth records (ours), the 签到 page; and the staff's level, growth and sign-in settings (ours).
 * The seeded shop has four levels (0, 2000, 20000, 50000 growth; 黄金 gives 500 points, ¥10.00 and a
 * coupon) and the sign-in rules (day 7 gives a coupon).
 */
describe("conformance: ledgers, levels and sign-in", () => {
  let t: TestApp;
  let guest: ReferenceClient;
  let staff: ReferenceClient;
  beforeAll(async () => {
    t = await startReferenceShop();
    guest = new ReferenceClient(t);
    staff = new ReferenceClient(t, await loginTestStaff(t, "admin"));
  });
  afterAll(() => t.close());

  /** A new member lifted by staff to 黄金会员 (20000 growth): it passed 白银 and 黄金 and got both levels' gifts. */
  const goldMember = async () => {
    const member = await signedInClient(t);
    await staff.data("/shopapi/memberlevel/adjustgrowth", { member_id: member.memberId, growth: 20_000, remark: "一致性测试" });
    return member;
  };

  it("/shopapi/memberlevel/* list, add, edit and delete a level, set the growth rule and adjust a member's growth (ours)", async () => {
    const seeded = await staff.reads<StaffMemberLevel[]>("/shopapi/memberlevel/lists");
    expect(seeded.map((level) => level.growth)).toEqual([0, 2000, 20_000, 50_000]);
    const couponTypeId = seeded.flatMap((level) => level.send_coupon)[0]!.coupon_type_id;

    const body = { level_name: "一致性等级", growth: 30_000, remark: "", consume_discount: 92, is_free_shipping: 1, send_point: 10, send_balance: "1.50", send_coupon: [couponTypeId], sort: 9 };
    const { level_id } = await staff.reads<{ level_id: number }>("/shopapi/memberlevel/add", body);
    await staff.reads("/shopapi/memberlevel/edit", { ...body, level_id, level_name: "一致性等级二", send_balance: "2" });
    const added = (await staff.data<StaffMemberLevel[]>("/shopapi/memberlevel/lists")).find((level) => level.level_id === level_id);
    expect(added).toMatchObject({ level_name: "一致性等级二", send_balance: "2.00", member_count: 0, send_coupon: [{ coupon_type_id: couponTypeId }] });
    await staff.reads("/shopapi/memberlevel/delete", { level_id });
    expect((await staff.data<StaffMemberLevel[]>("/shopapi/memberlevel/lists")).map((level) => level.level_id)).not.toContain(level_id);

    expect(await staff.reads<GrowthConfig>("/shopapi/memberlevel/growthconfig")).toEqual({ order_growth_per_yuan: 1 });
    expect(await staff.reads("/shopapi/memberlevel/setgrowthconfig", { order_growth_per_yuan: 2 })).toEqual({ order_growth_per_yuan: 2 });
    await staff.data("/shopapi/memberlevel/setgrowthconfig", { order_growth_per_yuan: 1 });

    const member = await signedInClient(t);
    const gold = seeded.find((level) => level.growth === 20_000)!;
    expect(await staff.reads("/shopapi/memberlevel/adjustgrowth", { member_id: member.memberId, growth: 20_000, remark: "一致性测试" })).toEqual({
      growth: 20_000, level_id: gold.level_id,
    });
  });

  it("/api/memberlevel/lists, info and growthrecords (ours) answer the level pages", async () => {
    const ladder = await guest.reads<MemberLevelItem[]>("/api/memberlevel/lists");
    expect(ladder.map((level) => level.level_name)).toEqual(["普通会员", "白银会员", "黄金会员", "钻石会员"]);
    const member = await goldMember();
    const state = await member.reads<MemberLevelState>("/api/memberlevel/info");
    expect(state).toMatchObject({ member_id: member.memberId, growth: 20_000, level_name: "黄金会员", consume_discount: 95, growth_to_next: 30_000 });
    expect(state.next_level).toMatchObject({ level_name: "钻石会员", growth: 50_000 });
    expect(state.reached.map((level) => level.level_name)).toEqual(["白银会员", "黄金会员"]);
    const records = await member.reads<Page<GrowthRecord>>("/api/memberlevel/growthrecords", { page: 1, page_size: 10 });
    expect(records.list).toMatchObject([{ growth: 20_000, growth_after: 20_000, from_type: "staff_adjust", remark: "一致性测试" }]);
    expect((await guest.refused("/api/memberlevel/info", {}, -10009)).error_code).toBe("TOKEN_ERROR");
  });

  it("/api/memberaccount/info and page answer 我的积分 and 我的余额 (the level gifts)", async () => {
    const member = await goldMember();
    expect(await member.reads<MemberAccountInfo>("/api/memberaccount/info", { account_type: "point" })).toMatchObject({ point: 700, balance: "10.00" });
    const points = await member.reads<Page<AccountRecord>>("/api/memberaccount/page", { account_type: "point", page: 1, page_size: 10 });
    expect(points.list.map((row) => row.account_data).sort()).toEqual(["200", "500"]);
    const balance = await member.reads<Page<AccountRecord>>("/api/memberaccount/page", { account_type: "balance", page: 1, page_size: 10 });
    expect(balance.list).toMatchObject([{ account_type: "balance", account_data: "10.00", from_type: "level_upgrade" }]);
  });

  it("/shopapi/membersignin/config and setconfig (ours), then /api/membersignin/* answer the 签到 page and staff's records (ours)", async () => {
    const config = await staff.reads<SigninConfig>("/shopapi/membersignin/config");
    const couponTypeId = config.rewards.flatMap((reward) => reward.coupon_type_ids)[0]!;
    // Day 1 gives a coupon as well, so the first sign-in of a new member shows one.
    const rewards = [{ day: 1, point: 3, growth: 1, coupon_type_ids: [couponTypeId] }, ...config.rewards.filter((reward) => reward.day !== 1)];
    const saved = await staff.reads<SigninConfig>("/shopapi/membersignin/setconfig", { ...config, rewards });
    expect(saved.rewards[0]).toEqual({ day: 1, point: 3, growth: 1, coupon_type_ids: [couponTypeId] });

    const award = await guest.reads<{ rewards: Array<{ day: number; coupons: unknown[] }> }>("/api/membersignin/award");
    expect(award.rewards[0]).toMatchObject({ day: 1, coupons: [{ coupon_type_id: couponTypeId }] });

    const member = await signedInClient(t);
    expect(await member.reads("/api/membersignin/issign")).toBe(0);
    const signed = await member.reads<SigninRecord>("/api/membersignin/signin");
    expect(signed).toMatchObject({ streak: 1, cycle_day: 1, point: config.daily_point + 3, growth: config.daily_growth + 1, coupons: [{ coupon_type_id: couponTypeId }] });
    expect(await member.reads("/api/membersignin/issign")).toBe(1);
    expect((await member.refused("/api/membersignin/signin", {}, -1)).message).toBe("今日已签到，明天再来吧");

    const records = await member.reads<Page<SigninRecord>>("/api/membersignin/getSignRecords", { page: 1, page_size: 10 });
    expect(records.list).toEqual([signed]);
    const status = await member.reads<SigninStatus>("/api/membersignin/getSignStatus");
    expect(status).toMatchObject({ today: signed.sign_date, is_sign: 1, streak: 1, total_days: 1, signed_days: [Number(signed.sign_date.slice(8, 10))] });

    const all = await staff.reads<Page<StaffSigninRecord>>("/shopapi/membersignin/records", { page: 1, page_size: 10, member_id: member.memberId });
    expect(all.list).toMatchObject([{ id: signed.id, member_id: member.memberId }]);
  });
});
