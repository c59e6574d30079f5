import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EvaluateResult } from "@shop/contract";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { untilFinishedOrWaitingOn } from "../order/test-fixtures.ts";
import { addEvaluation } from "./add.ts";
import { evaluableOrder, useEvaluateConfig, type EvaluableOrder } from "./test-fixtures.ts";

/**
 * Two or more evaluations of one order at the same moment: one set of rows, whatever the timing.
 * A burst of parallel requests, and a race set up so the two always meet (the first unit of work
 * stays open while the second request reaches the database; on SQLite they run one after the other).
 */
describe(`evaluations racing (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let member: TestMember;
  let cupSku: number;
  let cupGoods: number;
  let teaSku: number;

  const db = () => t.app.deps.db;
  const order = () => evaluableOrder(db(), member.member_id, [{ skuId: cupSku, num: 1 }, { skuId: teaSku, num: 1 }]);
  const addLines = (target: EvaluableOrder, content: string) =>
    target.lineIds.map((lineId) => ({ order_goods_id: lineId, scores: 5, content, images: [] as string[] }));
  const addRequest = (target: EvaluableOrder, content: string) =>
    t.call<EvaluateResult>("/api/goodsevaluate/add", { order_id: target.orderId, goods_evaluate: JSON.stringify(addLines(target, content)) }, { token: member.token });
  const againRequest = (target: EvaluableOrder, content: string) =>
    t.call<EvaluateResult>("/api/goodsevaluate/again", {
      order_id: target.orderId,
      goods_evaluate: JSON.stringify(target.lineIds.map((lineId) => ({ order_goods_id: lineId, again_content: content }))),
    }, { token: member.token });
  const rowsOf = (target: EvaluableOrder) =>
    db().selectFrom("goods_evaluate").select(["order_goods_id", "content", "again_content"]).where("order_id", "=", target.orderId).orderBy("order_goods_id").execute();
  const goodsEvaluate = async () => Number((await db().selectFrom("goods").select("evaluate").where("goods_id", "=", cupGoods).executeTakeFirstOrThrow()).evaluate);

  beforeAll(async () => {
    t = await startTestApp();
    member = await registerMember(t);
    const cup = await insertGoods(db(), "并发茶杯", { goods: { price_cents: 1000, goods_stock: 10_000 } });
    cupSku = cup.skuIds[0]!;
    cupGoods = cup.goodsId;
    teaSku = (await insertGoods(db(), "并发茶叶", { goods: { price_cents: 1000, goods_stock: 10_000 } })).skuIds[0]!;
    await useEvaluateConfig(db(), { evaluate_audit: 0 });
  });
  afterAll(() => t.close());

  it("eight parallel adds of one order: exactly one succeeds, one row per line, the count goes up once", async () => {
    const target = await order();
    const before = await goodsEvaluate();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => addRequest(target, `第${index}次`)));
    const winners = answers.filter((answer) => answer.code === 0);
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.code !== 0).every((answer) => answer.message === "订单已评价，请勿重复提交")).toBe(true);
    const rows = await rowsOf(target);
    expect(rows.map((row) => row.order_goods_id)).toEqual(target.lineIds);
    expect(new Set(rows.map((row) => row.content)).size).toBe(1);
    expect(await goodsEvaluate()).toBe(before + 1);
  });

  it("an add that meets another one still open: the second finds the order evaluated and writes nothing", async () => {
    const target = await order();
    let second!: ReturnType<typeof addRequest>;
    await unitOfWork(db(), async (tx) => {
      await addEvaluation(tx, member.member_id, {
        order_id: target.orderId, goods_evaluate: addLines(target, "先到"), is_anonymous: 0, shop_desccredit: 5, shop_servicecredit: 5, shop_deliverycredit: 5,
      });
      second = addRequest(target, "后到");
      await untilFinishedOrWaitingOn(tx, second);
    });
    expect(await second).toMatchObject({ code: -1, message: "订单已评价，请勿重复提交" });
    expect((await rowsOf(target)).map((row) => row.content)).toEqual(["先到", "先到"]);
  });

  it("eight parallel follow-ups of one order: exactly one is written", async () => {
    const target = await order();
    expect((await addRequest(target, "首评")).code).toBe(0);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => againRequest(target, `追评${index}`)));
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    const agains = new Set((await rowsOf(target)).map((row) => row.again_content));
    expect(agains.size).toBe(1);
    expect([...agains][0]).toMatch(/^追评\d$/);
    expect((await db().selectFrom("orders").select("is_evaluate").where("order_id", "=", target.orderId).executeTakeFirstOrThrow()).is_evaluate).toBe(2);
  });
});
