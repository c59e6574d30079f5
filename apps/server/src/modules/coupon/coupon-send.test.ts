import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import type { Envelope, Page, PickableMember, StaffCouponType } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { buildApp } from "../../app.ts";
import { seedBuyers, type Buyer } from "../../test/proofs/buyers.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { createTestOrder, loginTestStaff } from "../order/test-fixtures.ts";
import { now } from "../../core/time.ts";
import { couponsOf, insertCouponType } from "./test-fixtures.ts";
import { CouponState, TypeStatus, Validity } from "./rules.ts";

/** Staff issue coupons to chosen members (发放), search members for it, and read each type's usage figures. */
describe(`coupon 发放 and usage figures for staff (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let second: FastifyInstance;
  let admin: string;
  let servicer: string;
  let buyers: Buyer[];
  const db = () => t.app.deps.db;
  const staff = <T>(path: string, body: object, token = admin) => t.call<T>(path, body, { token });
  const leadOf = async (typeId: number) => (await db().selectFrom("coupon_type").select("lead_count").where("coupon_type_id", "=", typeId).executeTakeFirstOrThrow()).lead_count;
  const issuedOf = async (typeId: number) => (await db().selectFrom("coupon").select("coupon_id").where("coupon_type_id", "=", typeId).execute()).length;

  beforeAll(async () => {
    t = await startTestApp();
    second = await buildApp(t.config);
    [admin, servicer] = [await loginTestStaff(t, "admin"), await loginTestStaff(t, "servicer")];
    buyers = await seedBuyers(db(), 40);
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it("gives one coupon to each chosen member (a member listed twice gets one), as 商家发放, logged", async () => {
    const typeId = await insertCouponType(db(), { coupon_name: "员工发放券", is_show: 0, total_count: 10, max_fetch: 1 });
    const [a, b] = [buyers[0]!, buyers[1]!];
    const sent = await staff<{ sent: number }>("/shopapi/coupon/send", { coupon_type_id: typeId, member_ids: `${a.memberId},${b.memberId},${a.memberId}` });
    expect(sent, sent.message).toMatchObject({ code: 0, data: { sent: 2 }, message: "发放成功" });
    expect((await couponsOf(db(), a.memberId, typeId)).map((coupon) => [coupon.get_type, coupon.state])).toEqual([["staff", CouponState.UNUSED]]);
    expect(await couponsOf(db(), b.memberId, typeId)).toHaveLength(1);
    expect(await leadOf(typeId)).toBe(2);
    const page = await t.call<Page<{ coupon_type_id: number; get_type_name: string }>>("/coupon/api/coupon/memberpage", { state: 1 }, { token: a.token });
    expect(page.data.list.filter((coupon) => coupon.coupon_type_id === typeId).map((coupon) => coupon.get_type_name)).toEqual(["商家发放"]);
    const log = await db().selectFrom("staff_log").select(["target_id", "detail"]).where("action", "=", "coupon.send").execute();
    expect(log.map((row) => Number(row.target_id))).toEqual([typeId]);
    expect(JSON.parse(log[0]!.detail)).toMatchObject({ member_ids: [a.memberId, b.memberId].sort((x, y) => x - y) });
  });

  it("gives all or none: too few left, a member at the limit, a closed or expired type, a missing member", async () => {
    const scarce = await insertCouponType(db(), { coupon_name: "只剩两张", total_count: 3, lead_count: 1 });
    const ids = buyers.slice(2, 5).map((buyer) => buyer.memberId);
    expect(await staff("/shopapi/coupon/send", { coupon_type_id: scarce, member_ids: ids })).toMatchObject({ code: Code.ERROR, message: "优惠券只剩 2 张，不够发给 3 位会员" });
    expect(await issuedOf(scarce)).toBe(0);

    const limited = await insertCouponType(db(), { coupon_name: "每人一张", max_fetch: 1 });
    expect((await staff("/shopapi/coupon/send", { coupon_type_id: limited, member_ids: [ids[2]] })).code).toBe(0);
    expect(await staff("/shopapi/coupon/send", { coupon_type_id: limited, member_ids: ids })).toMatchObject({ code: Code.ERROR, message: "会员「买家4」已领取 1 张，达到每人限领数量" });
    expect(await issuedOf(limited)).toBe(1);
    expect(await leadOf(limited)).toBe(1);

    const closed = await insertCouponType(db(), { status: TypeStatus.CLOSED });
    expect(await staff("/shopapi/coupon/send", { coupon_type_id: closed, member_ids: ids })).toMatchObject({ code: Code.ERROR, message: "优惠券已关闭，不能发放" });
    const expired = await insertCouponType(db(), { validity_type: Validity.FIXED, start_time: now() - 200, end_time: now() - 100 });
    expect(await staff("/shopapi/coupon/send", { coupon_type_id: expired, member_ids: ids })).toMatchObject({ code: Code.ERROR, message: "优惠券已过期，不能发放" });
    expect(await staff("/shopapi/coupon/send", { coupon_type_id: limited, member_ids: [ids[0], 987_654] })).toMatchObject({ code: Code.ERROR, message: "部分会员不存在，请重新选择" });
    expect(await staff("/shopapi/coupon/send", { coupon_type_id: 987_654, member_ids: [ids[0]] })).toMatchObject({ code: Code.ERROR, message: "优惠券不存在" });
    expect(await staff("/shopapi/coupon/send", { coupon_type_id: limited, member_ids: [] })).toMatchObject({ code: Code.PARAM, message: "参数 member_ids 至少 1 项" });
    expect(await staff("/shopapi/coupon/send", { coupon_type_id: limited, member_ids: ids }, servicer)).toMatchObject({ code: Code.ERROR, message: "没有执行此操作的权限" });
    expect(await issuedOf(limited)).toBe(1);
  });

  it("a 发放 racing members receiving the same type in the centre never passes the total", async () => {
    const typeId = await insertCouponType(db(), { coupon_name: "抢发同一券", total_count: 25, max_fetch: 1 });
    const sendTo = buyers.slice(0, 10).map((buyer) => buyer.memberId);
    const receivers = buyers.slice(10, 40);
    const receive = (app: FastifyInstance, buyer: Buyer, index: number) =>
      app
        .inject({ method: "POST", url: "/coupon/api/coupon/receive", payload: { token: buyer.token, coupon_type_id: typeId }, remoteAddress: `10.91.0.${index}` })
        .then((response) => response.json<Envelope>());
    const [sent, ...received] = await Promise.all([
      staff<{ sent: number }>("/shopapi/coupon/send", { coupon_type_id: typeId, member_ids: sendTo }),
      ...receivers.map((buyer, index) => receive(index % 2 ? second : t.app, buyer, index)),
    ]);
    const receivedCount = received.filter((answer) => answer.code === Code.SUCCESS).length;
    const sentCount = sent.code === Code.SUCCESS ? 10 : 0;
    if (sent.code !== Code.SUCCESS) expect(sent.message).toMatch(/^优惠券只剩 \d+ 张，不够发给 10 位会员$/);
    expect(sentCount + receivedCount).toBe(await issuedOf(typeId));
    expect(await issuedOf(typeId)).toBeLessThanOrEqual(25);
    expect(await leadOf(typeId)).toBe(await issuedOf(typeId));
    // The members who did not get one were told it ran out.
    expect(receivedCount).toBe(Math.min(30, 25 - sentCount));
  }, 60_000);

  it("finds members by name, nickname, mobile or id", async () => {
    const byNick = await staff<Page<PickableMember>>("/shopapi/coupon/membersearch", { search_text: "买家1", page_size: 50 });
    expect(byNick.code, byNick.message).toBe(0);
    expect(byNick.data.list.map((member) => member.nickname)).toEqual(expect.arrayContaining(["买家1", "买家12", "买家19"]));
    expect(byNick.data.list.every((member) => member.nickname.includes("买家1") || member.username.includes("买家1"))).toBe(true);
    const byId = await staff<Page<PickableMember>>("/shopapi/coupon/membersearch", { search_text: String(buyers[3]!.memberId) });
    expect(byId.data.list.map((member) => member.member_id)).toContain(buyers[3]!.memberId);
    expect((await staff<Page<PickableMember>>("/shopapi/coupon/membersearch", { search_text: "无此会员%" })).data).toMatchObject({ count: 0, list: [] });
  });

  it("counts per type: given, used with the money of their orders, expired unused", async () => {
    const goods = await insertGoods(db(), "用券商品");
    const typeId = await insertCouponType(db(), { coupon_name: "统计券", money_cents: 1000 });
    const members = buyers.slice(0, 3).map((buyer) => buyer.memberId);
    expect((await staff("/shopapi/coupon/send", { coupon_type_id: typeId, member_ids: members })).code).toBe(0);
    const [used] = await couponsOf(db(), members[0]!, typeId);
    const [expired] = await couponsOf(db(), members[1]!, typeId);
    const order = await createTestOrder(db(), { memberId: members[0]!, lines: [{ skuId: goods.skuIds[0]!, num: 2 }] });
    await db().updateTable("orders").set({ coupon_money_cents: 1000, order_money_cents: 19_000 }).where("order_id", "=", order.orderId).execute();
    await db().updateTable("coupon").set({ state: CouponState.USED, use_order_id: order.orderId, use_time: now() }).where("coupon_id", "=", used!.coupon_id).execute();
    await db().updateTable("coupon").set({ end_time: now() - 1 }).where("coupon_id", "=", expired!.coupon_id).execute();
    const detail = await staff<StaffCouponType>("/shopapi/coupon/detail", { coupon_type_id: typeId });
    expect(detail.data).toMatchObject({ lead_count: 3, used_count: 1, expired_count: 1, used_order_money: "190.00", used_coupon_money: "10.00" });
    const listed = await staff<Page<StaffCouponType>>("/shopapi/coupon/lists", { keyword: "统计券" });
    expect(listed.data.list[0]).toMatchObject({ used_count: 1, expired_count: 1, used_order_money: "190.00" });
  });
});
