import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, RechargePackage, StaffRechargeOrder } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { loginTestStaff } from "../order/test-fixtures.ts";
import { postForm, sandboxNotify } from "../pay/test-helpers.ts";
import { createRecharge, insertCouponType } from "./test-fixtures.ts";

/** Staff: recharge packages (create, edit, offer / withdraw) and every member's recharge orders; each change logged. */
describe("recharge: staff packages and orders", () => {
  let t: TestApp;
  let admin: string;
  let servicer: string;
  let member: TestMember;
  let couponTypeId: number;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await loginTestStaff(t, "admin");
    servicer = await loginTestStaff(t, "servicer");
    member = await registerMember(t);
    couponTypeId = await insertCouponType(t, "充值满减券");
  });
  afterAll(() => t.close());

  const staffLog = (action: string) =>
    t.app.deps.db.selectFrom("staff_log").select(["target_id", "detail"]).where("action", "=", action).orderBy("id").execute();

  let valid: Record<string, unknown>;
  beforeAll(() => {
    valid = { recharge_name: "充300送20", face_value: "320.00", buy_price: "300", point: 300, growth: 300, coupon_id: String(couponTypeId), sort: 5 };
  });

  it("creates, edits, withdraws and offers again a package; members see it only while offered", async () => {
    const added = await t.call<{ recharge_id: number }>("/shopapi/memberrecharge/add", valid, { token: admin });
    expect(added.code).toBe(0);
    const id = added.data.recharge_id;
    const info = await t.call<RechargePackage>("/memberrecharge/api/memberrecharge/info", { recharge_id: id });
    expect(info.data).toMatchObject({ recharge_name: "充300送20", face_value: "320.00", buy_price: "300.00", coupon_id: String(couponTypeId), status: 1, sort: 5 });

    expect((await t.call("/shopapi/memberrecharge/edit", { ...valid, recharge_id: id, recharge_name: "充300送30", face_value: "330" }, { token: admin })).code).toBe(0);
    expect((await t.call<RechargePackage>("/memberrecharge/api/memberrecharge/info", { recharge_id: id })).data).toMatchObject({ recharge_name: "充300送30", face_value: "330.00" });

    expect((await t.call("/shopapi/memberrecharge/setstatus", { recharge_id: id, status: 0 }, { token: admin })).code).toBe(0);
    expect((await t.call("/memberrecharge/api/memberrecharge/info", { recharge_id: id })).code).toBe(Code.ERROR);
    const listed = await t.call<Page<RechargePackage>>("/shopapi/memberrecharge/lists", { status: "0" }, { token: admin });
    expect(listed.data.list.map((item) => item.recharge_id)).toContain(id);
    expect((await t.call("/shopapi/memberrecharge/setstatus", { recharge_id: id, status: "1" }, { token: admin })).code).toBe(0);
    expect((await t.call("/memberrecharge/api/memberrecharge/info", { recharge_id: id })).code).toBe(0);

    expect((await staffLog("recharge.package_add")).map((row) => row.target_id)).toEqual([String(id)]);
    expect(JSON.parse((await staffLog("recharge.package_edit"))[0]!.detail)).toMatchObject({ recharge_name: "充300送30", face_value: "330.00" });
    expect((await staffLog("recharge.package_off")).map((row) => row.target_id)).toEqual([String(id)]);
    expect((await staffLog("recharge.package_on")).map((row) => row.target_id)).toEqual([String(id)]);
  });

  it("an order keeps what it was bought with when the package changes", async () => {
    const { recharge_id: id } = (await t.call<{ recharge_id: number }>("/shopapi/memberrecharge/add", valid, { token: admin })).data;
    const { outTradeNo } = await createRecharge(t, member, id);
    await t.call("/shopapi/memberrecharge/edit", { ...valid, recharge_id: id, face_value: "400", buy_price: "1.00" }, { token: admin });
    expect((await postForm(t, "/pay/notify/sandbox", sandboxNotify(t, { outTradeNo, totalAmount: "300.00" }))).body).toBe("success");
    const orders = await t.call<Page<StaffRechargeOrder>>("/shopapi/memberrecharge/orderlists", { search: member.username }, { token: admin });
    expect(orders.data.list[0]).toMatchObject({ out_trade_no: outTradeNo, face_value: "320.00", buy_price: "300.00", status: 1, member_id: member.member_id, username: member.username });
  });

  it("refuses bad packages with clear messages and writes nothing", async () => {
    const count = async () => Number((await t.app.deps.db.selectFrom("member_recharge").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    const before = await count();
    const cases: Array<[Record<string, unknown>, number, string | RegExp]> = [
      [{ ...valid, buy_price: "330" }, Code.PARAM, "售价不能高于面值"],
      [{ ...valid, face_value: "0" }, Code.PARAM, "参数 face_value 不能小于 0.01"],
      [{ ...valid, face_value: "1.005" }, Code.PARAM, /face_value/],
      [{ ...valid, face_value: "60000" }, Code.PARAM, "面值不能超过 50000 元"],
      [{ ...valid, recharge_name: "  " }, Code.PARAM, "参数 recharge_name 不能为空"],
      [{ ...valid, point: -1 }, Code.PARAM, "参数 point 不能小于 0"],
      [{ ...valid, growth: 1.5 }, Code.PARAM, /growth/],
      [{ ...valid, coupon_id: "1,x" }, Code.PARAM, /coupon_id/],
      [{ ...valid, coupon_id: "1,2,3,4,5,6" }, Code.PARAM, "参数 coupon_id 最多 5 项"],
      [{ ...valid, coupon_id: "999999" }, Code.ERROR, "优惠券 999999 不存在或已停止发放"],
      [{ ...valid, coupon_id: `${couponTypeId},${couponTypeId}` }, Code.ERROR, "赠送的优惠券不能重复"],
      [{ ...valid, status: 2 }, Code.PARAM, "状态无效"],
    ];
    for (const [body, code, message] of cases) {
      const answer = await t.call("/shopapi/memberrecharge/add", body, { token: admin });
      expect(answer.code, JSON.stringify(body)).toBe(code);
      expect(answer.message).toMatch(message);
    }
    expect(await t.call("/shopapi/memberrecharge/edit", { ...valid, recharge_id: 999999 }, { token: admin })).toMatchObject({ code: Code.ERROR, message: "充值套餐不存在" });
    expect(await t.call("/shopapi/memberrecharge/setstatus", { recharge_id: 999999, status: 1 }, { token: admin })).toMatchObject({ code: Code.ERROR, message: "充值套餐不存在" });
    expect(await count()).toBe(before);
  });

  it("needs member.manage for packages (order.view for the orders); members and guests are refused", async () => {
    expect(await t.call("/shopapi/memberrecharge/add", valid, { token: servicer })).toMatchObject({ code: Code.ERROR, message: "没有执行此操作的权限" });
    expect((await t.call("/shopapi/memberrecharge/lists", {}, { token: servicer })).code).toBe(Code.ERROR);
    expect((await t.call("/shopapi/memberrecharge/orderlists", {}, { token: servicer })).code).toBe(0);
    expect((await t.call("/shopapi/memberrecharge/add", valid, { token: member.token })).code).toBe(Code.TOKEN_ERROR);
    expect((await t.call("/shopapi/memberrecharge/orderlists", {})).code).toBe(Code.TOKEN_ERROR);
  });

  it("filters and searches the orders", async () => {
    const other = await registerMember(t);
    const { recharge_id: id } = (await t.call<{ recharge_id: number }>("/shopapi/memberrecharge/add", valid, { token: admin })).data;
    const { order } = await createRecharge(t, other, id);
    const byNo = await t.call<Page<StaffRechargeOrder>>("/shopapi/memberrecharge/orderlists", { search: order.order_no }, { token: admin });
    expect(byNo.data.list.map((row) => row.order_id)).toEqual([order.order_id]);
    const unpaid = await t.call<Page<StaffRechargeOrder>>("/shopapi/memberrecharge/orderlists", { status: "0", page_size: 100 }, { token: admin });
    expect(unpaid.data.list.every((row) => row.status === 0)).toBe(true);
    expect(unpaid.data.list.map((row) => row.order_id)).toContain(order.order_id);
    expect((await t.call("/shopapi/memberrecharge/orderlists", { status: "x" }, { token: admin })).code).toBe(Code.PARAM);
  });
});
