import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CouponTypeItem, MemberCoupon, Page } from "@shop/contract";
import type { TestApp } from "../test/harness.ts";
import { loginTestStaff } from "../modules/order/test-fixtures.ts";
import { ReferenceClient } from "./reference-client.ts";
import { signedInClient, startReferenceShop } from "./fixtures.ts";

const reads = <T = unknown>(client: ReferenceClient, path: string, body: Record<string, unknown> = {}) => client.reads<T>(path, body);

/**
 * Coupons as the reference's pages call them (docs/api/coupon.md): the coupon centre and the SKU
 * page's coupons for a guest and a member, receiving, 我的优惠券 by state and the counts; the
 * staff's coupon types and registration pack (ours). The seeded shop has types of every kind.
 */
describe("conformance: coupons", () => {
  let t: TestApp;
  let guest: ReferenceClient;
  let member: ReferenceClient & { memberId: number };
  let staff: ReferenceClient;
  beforeAll(async () => {
    t = await startReferenceShop();
    guest = new ReferenceClient(t);
    member = await signedInClient(t);
    staff = new ReferenceClient(t, await loginTestStaff(t, "admin"));
  });
  afterAll(() => t.close());

  it("/coupon/api/coupon/typepagelists, goodsCoupon and receive answer the coupon centre and the SKU page", async () => {
    const centre = await reads<Page<CouponTypeItem>>(guest, "/coupon/api/coupon/typepagelists", { page: 1, page_size: 20 });
    const open = centre.list.find((item) => item.receive_state === "available" && item.goods_type === 1)!;
    expect(open).toBeTruthy();
    await reads(member, "/coupon/api/coupon/receive", { coupon_type_id: open.coupon_type_id });
    const goods = await t.app.deps.db.selectFrom("goods").select("goods_id").where("goods_state", "=", 1).orderBy("goods_id").executeTakeFirstOrThrow();
    const onGoods = await reads<CouponTypeItem[]>(member, "/coupon/api/coupon/goodsCoupon", { goods_id: goods.goods_id });
    expect(onGoods.find((item) => item.coupon_type_id === open.coupon_type_id)?.received_num).toBe(1);
    expect((await guest.refused("/coupon/api/coupon/receive", { coupon_type_id: open.coupon_type_id })).code).toBe(-10009);
  });

  it("/coupon/api/coupon/memberpage and num answer 我的优惠券 (the registration pack included)", async () => {
    const unused = await reads<Page<MemberCoupon>>(member, "/coupon/api/coupon/memberpage", { state: 1, page: 1, page_size: 20 });
    expect(unused.list.map((coupon) => coupon.get_type)).toContain("register");
    expect(await reads(member, "/coupon/api/coupon/num")).toMatchObject({ unused: unused.count, used: 0, expired: 0 });
  });

  it("/shopapi/coupon/* create, edit, list, close a type and set the registration pack (ours)", async () => {
    const body = { coupon_name: "一致性满50减5", type: "reward", money: "5", at_least: "50", validity_type: 1, fixed_term: 10, max_fetch: 1, count: 10 };
    const { coupon_type_id } = await reads<{ coupon_type_id: number }>(staff, "/shopapi/coupon/add", body);
    await reads(staff, "/shopapi/coupon/edit", { ...body, coupon_type_id, coupon_name: "一致性满50减6", money: "6" });
    await reads(staff, "/shopapi/coupon/lists", { page: 1, page_size: 10, status: "all" });
    await reads(staff, "/shopapi/coupon/detail", { coupon_type_id });
    const pack = await reads<{ coupon_type_ids: number[] }>(staff, "/shopapi/coupon/registerpack");
    await reads(staff, "/shopapi/coupon/setregisterpack", { coupon_type_ids: [...pack.coupon_type_ids, coupon_type_id] });
    await reads(staff, "/shopapi/coupon/close", { coupon_type_id });
  });
});
