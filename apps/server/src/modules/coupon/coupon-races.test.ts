import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import type { Envelope } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { buildApp } from "../../app.ts";
import { seedBuyers, type Buyer } from "../../test/proofs/buyers.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { grantCoupons } from "./grant.ts";
import { insertCouponType } from "./test-fixtures.ts";

/**
 * Receiving under concurrency: 200 receives at once (100 members, two each, spread over two app
 * instances on one database: on PostgreSQL each request on its own connection) never give more
 * than the total nor more than a member's limit; one member's 20 parallel receives stop at its
 * limit; a reward granted for one event by several units at once is given once.
 */
describe(`coupon receives under concurrency (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let second: FastifyInstance;
  let buyers: Buyer[];
  const db = () => t.app.deps.db;

  beforeAll(async () => {
    t = await startTestApp();
    second = await buildApp(t.config);
    buyers = await seedBuyers(db(), 100);
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  /** A receive by a buyer through one of the two instances, from the buyer's own address (the per-IP limit is not what is tested). */
  async function receive(app: FastifyInstance, buyer: Buyer, couponTypeId: number, index: number): Promise<Envelope> {
    const response = await app.inject({
      method: "POST", url: "/coupon/api/coupon/receive", payload: { token: buyer.token, coupon_type_id: couponTypeId },
      remoteAddress: `10.90.${(index >> 8) & 255}.${index & 255}`,
    });
    return response.json();
  }

  async function counts(couponTypeId: number) {
    const rows = await db().selectFrom("coupon").select(["member_id"]).where("coupon_type_id", "=", couponTypeId).execute();
    const perMember = new Map<number, number>();
    for (const row of rows) perMember.set(row.member_id, (perMember.get(row.member_id) ?? 0) + 1);
    const type = await db().selectFrom("coupon_type").select("lead_count").where("coupon_type_id", "=", couponTypeId).executeTakeFirstOrThrow();
    return { issued: rows.length, lead: type.lead_count, mostHeld: Math.max(0, ...perMember.values()) };
  }

  it("200 concurrent receives of a type of 60, one per member: exactly 60 given, nobody holds two", async () => {
    const typeId = await insertCouponType(db(), { coupon_name: "并发限量券", total_count: 60, max_fetch: 1 });
    const answers = await Promise.all(
      buyers.flatMap((buyer, index) => [receive(t.app, buyer, typeId, index), receive(second, buyer, typeId, index)]),
    );
    const won = answers.filter((answer) => answer.code === Code.SUCCESS);
    expect(won).toHaveLength(60);
    for (const answer of answers.filter((item) => item.code !== Code.SUCCESS)) {
      expect(answer.code, answer.message).toBe(Code.ERROR);
      expect(["来晚了，优惠券已领完", "您已达到该优惠券的领取上限"]).toContain(answer.message);
    }
    expect(await counts(typeId)).toEqual({ issued: 60, lead: 60, mostHeld: 1 });
  }, 120_000);

  it("200 concurrent receives of an unlimited type allowing two each: every member gets exactly two", async () => {
    const typeId = await insertCouponType(db(), { coupon_name: "每人两张", total_count: 0, max_fetch: 2 });
    const answers = await Promise.all(
      buyers.flatMap((buyer, index) => [receive(t.app, buyer, typeId, index), receive(second, buyer, typeId, index)]),
    );
    expect(answers.filter((answer) => answer.code === Code.SUCCESS)).toHaveLength(200);
    expect(await counts(typeId)).toEqual({ issued: 200, lead: 200, mostHeld: 2 });
  }, 120_000);

  it("one member's 20 parallel receives stop at its limit of 3", async () => {
    const typeId = await insertCouponType(db(), { coupon_name: "手快也只三张", max_fetch: 3 });
    const buyer = buyers[0]!;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => receive(index % 2 ? second : t.app, buyer, typeId, 200 + index)));
    expect(answers.filter((answer) => answer.code === Code.SUCCESS)).toHaveLength(3);
    expect(await counts(typeId)).toEqual({ issued: 3, lead: 3, mostHeld: 3 });
  });

  it("grants one event once when several units grant it at the same time, within the type's total", async () => {
    const pack = await insertCouponType(db(), { coupon_name: "礼包券", is_show: 0, total_count: 5 });
    const other = await insertCouponType(db(), { coupon_name: "礼包券二", is_show: 0 });
    const buyer = buyers[1]!;
    await Promise.all(
      Array.from({ length: 10 }, (_, index) => unitOfWork(index % 2 ? second.deps.db : db(), (tx) => grantCoupons(tx, buyer.memberId, [other, pack], "recharge", "race-order-1"))),
    );
    const held = await db().selectFrom("coupon").select("coupon_type_id").where("member_id", "=", buyer.memberId).where("get_type", "=", "recharge").execute();
    expect(held.map((row) => row.coupon_type_id).sort((a, b) => a - b)).toEqual([pack, other].sort((a, b) => a - b));
    expect(await db().selectFrom("coupon_grant").select("member_id").where("business_id", "=", "race-order-1").execute()).toEqual([{ member_id: buyer.memberId }]);

    // Ten members' packs at once for a type of 5 (one given above): four more get it, the others' grants skip it and keep the rest.
    await Promise.all(buyers.slice(10, 20).map((member, index) => unitOfWork(index % 2 ? second.deps.db : db(), (tx) => grantCoupons(tx, member.memberId, [pack, other], "register", String(member.memberId)))));
    expect(await counts(pack)).toEqual({ issued: 5, lead: 5, mostHeld: 1 });
    expect((await counts(other)).issued).toBe(11);
  });
});
