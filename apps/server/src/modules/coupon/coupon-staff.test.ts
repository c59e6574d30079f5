import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CouponTypeItem, MemberCoupon, Page, StaffCouponType } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { registerMember } from "../auth/testing.ts";
import { insertCategory, insertGoods } from "../goods/test-fixtures.ts";
import { loginTestStaff } from "../order/test-fixtures.ts";
import { now } from "../../core/time.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { grantCoupons } from "./grant.ts";
import { couponsOf, insertCouponType } from "./test-fixtures.ts";

/** Staff manage coupon types (permission, log, rules), the registration pack, and grants. */
describe(`coupon types for staff, the registration pack (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let admin: string;
  let servicer: string;
  const db = () => t.app.deps.db;
  const staff = <T>(path: string, body: object, token = admin) => t.call<T>(path, body, { token });
  const logOf = (action: string) => db().selectFrom("staff_log").select(["target_id", "detail"]).where("action", "=", action).orderBy("id").execute();

  beforeAll(async () => {
    t = await startTestApp();
    [admin, servicer] = [await loginTestStaff(t, "admin"), await loginTestStaff(t, "servicer")];
  });
  afterAll(() => t.close());

  const rewardBody = { coupon_name: "员工新建满200减30", type: "reward", money: "30", at_least: "200.00", validity_type: 1, fixed_term: 15, max_fetch: 2, count: 100 };

  it("creates a 满减 and a 折扣 type for chosen goods and categories, logged, offered in the centre", async () => {
    const goods = await insertGoods(db(), "员工券商品");
    const category = await insertCategory(db(), { category_name: "员工券分类", level: 1 });
    const added = await staff<{ coupon_type_id: number }>("/shopapi/coupon/add", { ...rewardBody, goods_type: 2, goods_ids: String(goods.goodsId) });
    expect(added.code, added.message).toBe(0);
    const at = now();
    const discount = await staff<{ coupon_type_id: number }>("/shopapi/coupon/add", {
      coupon_name: "分类9.5折", type: "discount", discount: "9.5", discount_limit: "50", goods_type: 3, category_ids: [category], validity_type: 0,
      start_time: at - 60, end_time: at + 86400, max_fetch: 1, count: 0,
    });
    expect(discount.code, discount.message).toBe(0);

    const detail = await staff<StaffCouponType>("/shopapi/coupon/detail", { coupon_type_id: added.data.coupon_type_id });
    expect(detail.data).toMatchObject({
      coupon_name: "员工新建满200减30", money: "30.00", at_least: "200.00", goods_type: 2, goods_ids: [goods.goodsId], category_ids: [], fixed_term: 15,
      max_fetch: 2, count: 100, lead_count: 0, status: 1, status_name: "进行中", used_count: 0, use_url: `/sku/${goods.skuIds[0]}`,
    });
    expect((await staff<StaffCouponType>("/shopapi/coupon/detail", { coupon_type_id: discount.data.coupon_type_id })).data).toMatchObject({
      type: "discount", discount: "9.5", discount_limit: "50.00", money: "0.00", goods_type: 3, category_ids: [category], start_time: at - 60, end_time: at + 86400,
    });
    expect((await logOf("coupon.add")).map((row) => Number(row.target_id))).toEqual([added.data.coupon_type_id, discount.data.coupon_type_id]);
    const centre = await t.call<Page<CouponTypeItem>>("/coupon/api/coupon/typepagelists", { page_size: 50 });
    expect(centre.data.list.map((item) => item.coupon_type_id)).toEqual(expect.arrayContaining([added.data.coupon_type_id, discount.data.coupon_type_id]));
    const listed = await staff<Page<StaffCouponType>>("/shopapi/coupon/lists", { keyword: "员工新建" });
    expect(listed.data.list.map((item) => item.coupon_type_id)).toEqual([added.data.coupon_type_id]);
  });

  it("refuses bad input naming the field, in Chinese, and writes nothing", async () => {
    const before = (await db().selectFrom("coupon_type").select("coupon_type_id").execute()).length;
    const cases: Array<[object, string]> = [
      [{ ...rewardBody, coupon_name: "" }, "参数 coupon_name 不能为空"],
      [{ ...rewardBody, money: undefined }, "请填写满减金额"],
      [{ ...rewardBody, money: "300" }, "满减金额不能大于使用门槛"],
      [{ ...rewardBody, money: "1.005" }, "参数 money 格式不正确"],
      [{ ...rewardBody, type: "gift" }, "参数 type 的取值无效"],
      [{ ...rewardBody, type: "discount", discount: "10" }, "折扣须在 0.1 到 9.9 折之间"],
      [{ ...rewardBody, type: "discount", discount: "8.55" }, "折扣须在 0.1 到 9.9 折之间"],
      [{ ...rewardBody, type: "discount" }, "请填写折扣"],
      [{ ...rewardBody, goods_type: 2 }, "请选择适用的商品"],
      [{ ...rewardBody, goods_type: 3, category_ids: "" }, "请选择适用的分类"],
      [{ ...rewardBody, validity_type: 0 }, "请填写有效期的开始和结束时间"],
      [{ ...rewardBody, validity_type: 0, start_time: now() + 100, end_time: now() + 50 }, "有效期结束时间须晚于开始时间"],
      [{ ...rewardBody, fixed_term: 0 }, "参数 fixed_term 不能小于 1"],
      [{ ...rewardBody, count: -1 }, "参数 count 不能小于 0"],
      [{ ...rewardBody, max_fetch: 1000 }, "参数 max_fetch 不能大于 999"],
    ];
    for (const [body, message] of cases) {
      const answer = await staff("/shopapi/coupon/add", body);
      expect(answer.code, message).toBe(Code.PARAM);
      expect(answer.message).toContain(message);
    }
    expect(await staff("/shopapi/coupon/add", { ...rewardBody, goods_type: 2, goods_ids: [987_654] })).toMatchObject({ code: Code.ERROR, message: "部分商品不存在或已删除" });
    expect(await staff("/shopapi/coupon/add", { ...rewardBody, validity_type: 0, start_time: now() - 100, end_time: now() - 10 })).toMatchObject({ code: Code.ERROR, message: "有效期结束时间须晚于现在" });
    expect((await db().selectFrom("coupon_type").select("coupon_type_id").execute()).length).toBe(before);
  });

  it("asks for the permission: a servicer is refused, a member token is not staff", async () => {
    expect(await staff("/shopapi/coupon/add", rewardBody, servicer)).toMatchObject({ code: Code.ERROR, message: "没有执行此操作的权限" });
    expect(await staff("/shopapi/coupon/lists", {}, servicer)).toMatchObject({ code: Code.ERROR });
    const member = await registerMember(t);
    expect((await staff("/shopapi/coupon/close", { coupon_type_id: 1 }, member.token)).code).toBe(Code.TOKEN_ERROR);
  });

  it("edits freely before any is given; afterwards only the name, counts, validity, display and sort, never below what was given", async () => {
    const added = await staff<{ coupon_type_id: number }>("/shopapi/coupon/add", rewardBody);
    const id = added.data.coupon_type_id;
    expect((await staff("/shopapi/coupon/edit", { ...rewardBody, coupon_type_id: id, money: "40" })).code).toBe(0);
    const member = await registerMember(t);
    expect((await t.call("/coupon/api/coupon/receive", { coupon_type_id: id }, { token: member.token })).code).toBe(0);
    expect(await staff("/shopapi/coupon/edit", { ...rewardBody, coupon_type_id: id, money: "50" })).toMatchObject({ code: Code.ERROR, message: expect.stringContaining("已有会员领取") });
    expect(await staff("/shopapi/coupon/edit", { ...rewardBody, coupon_type_id: id, money: "40", goods_type: 3, category_ids: [await insertCategory(db(), { category_name: "换分类" })] })).toMatchObject({ code: Code.ERROR });
    const renamed = await staff("/shopapi/coupon/edit", { ...rewardBody, coupon_type_id: id, money: "40", coupon_name: "改名后", count: 1, fixed_term: 20 });
    expect(renamed.code, renamed.message).toBe(0);
    expect((await staff<StaffCouponType>("/shopapi/coupon/detail", { coupon_type_id: id })).data).toMatchObject({ coupon_name: "改名后", count: 1, lead_count: 1, status_name: "已领完", fixed_term: 20 });
    expect((await t.call<MemberCoupon[]>("/coupon/api/coupon/memberpage", {}, { token: member.token })).data).toMatchObject({ list: [{ coupon_name: "改名后", money: "40.00" }] });
    const other = await insertCouponType(db(), { lead_count: 5 });
    expect(await staff("/shopapi/coupon/edit", { ...rewardBody, coupon_type_id: other, money: "10", at_least: "0", count: 4 })).toMatchObject({ code: Code.ERROR, message: "发放总量不能少于已领取的 5 张" });
    expect(await staff("/shopapi/coupon/edit", { ...rewardBody, coupon_type_id: 987_654 })).toMatchObject({ code: Code.ERROR, message: "优惠券不存在" });
    expect((await logOf("coupon.edit")).map((row) => Number(row.target_id))).toEqual([id, id]);
  });

  it("closes a type: no more given, held coupons stay usable, closing twice is refused", async () => {
    const id = await insertCouponType(db(), { coupon_name: "将关闭" });
    const member = await registerMember(t);
    expect((await t.call("/coupon/api/coupon/receive", { coupon_type_id: id }, { token: member.token })).code).toBe(0);
    expect((await staff("/shopapi/coupon/close", { coupon_type_id: id })).code).toBe(0);
    expect(await staff("/shopapi/coupon/close", { coupon_type_id: id })).toMatchObject({ code: Code.ERROR, message: "优惠券已关闭" });
    expect(await t.call("/coupon/api/coupon/receive", { coupon_type_id: id }, { token: member.token })).toMatchObject({ code: Code.ERROR, message: "该优惠券活动已结束" });
    expect((await t.call<Page<MemberCoupon>>("/coupon/api/coupon/memberpage", { state: 1 }, { token: member.token })).data.list.map((coupon) => coupon.coupon_type_id)).toEqual([id]);
    expect((await staff<StaffCouponType>("/shopapi/coupon/detail", { coupon_type_id: id })).data).toMatchObject({ status: -1, status_name: "已关闭" });
    expect(await staff("/shopapi/coupon/edit", { ...rewardBody, coupon_type_id: id })).toMatchObject({ code: Code.ERROR, message: "已关闭的优惠券不能编辑" });
    expect((await logOf("coupon.close")).map((row) => Number(row.target_id))).toEqual([id]);
  });

  it("gives a new member the registration pack configured by staff, once, skipping a type that ran out", async () => {
    const big = await insertCouponType(db(), { coupon_name: "新人满299减50", money_cents: 5000, at_least_cents: 29900, is_show: 0, max_fetch: 1 });
    const small = await insertCouponType(db(), { coupon_name: "新人满99减20", money_cents: 2000, at_least_cents: 9900, is_show: 0, max_fetch: 2 });
    const scarce = await insertCouponType(db(), { coupon_name: "新人稀有券", is_show: 0, total_count: 1 });
    expect(await staff("/shopapi/coupon/setregisterpack", { coupon_type_ids: [987_654] })).toMatchObject({ code: Code.ERROR, message: "礼包中有不存在的优惠券" });
    const set = await staff("/shopapi/coupon/setregisterpack", { coupon_type_ids: `${big},${small},${small},${scarce}` });
    expect(set.code, set.message).toBe(0);
    expect((await staff<{ coupon_type_ids: number[]; list: StaffCouponType[] }>("/shopapi/coupon/registerpack", {})).data.list.map((type) => type.coupon_name)).toEqual([
      "新人满299减50", "新人满99减20", "新人满99减20", "新人稀有券",
    ]);
    expect((await logOf("coupon.register_pack")).length).toBe(1);

    const first = await registerMember(t);
    expect((await couponsOf(db(), first.member_id)).map((coupon) => [coupon.coupon_type_id, coupon.get_type])).toEqual([
      [big, "register"], [small, "register"], [small, "register"], [scarce, "register"],
    ]);
    const second = await registerMember(t);
    expect((await couponsOf(db(), second.member_id)).map((coupon) => coupon.coupon_type_id)).toEqual([big, small, small]);
    const page = await t.call<Page<MemberCoupon>>("/coupon/api/coupon/memberpage", { state: 1 }, { token: second.token });
    expect(page.data.list.map((coupon) => coupon.get_type_name)).toEqual(["注册赠送", "注册赠送", "注册赠送"]);

    // The same event granted again gives nothing; reusing its key for another member is a bug.
    await unitOfWork(db(), (tx) => grantCoupons(tx, second.member_id, [big, small], "register", String(second.member_id)));
    expect(await couponsOf(db(), second.member_id)).toHaveLength(3);
    await expect(unitOfWork(db(), (tx) => grantCoupons(tx, first.member_id, [big], "register", String(second.member_id)))).rejects.toThrow(/already given/);
    await expect(grantCoupons(db(), first.member_id, [big], "recharge", "outside")).rejects.toThrow(/unit of work/);
  });
});
