import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EvaluateResult, GoodsEvaluation, OrderEvaluateInfo, OrderListPage, Page } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { ageEvaluations, evaluableOrder, uploadedPicture, useEvaluateConfig, type EvaluableOrder } from "./test-fixtures.ts";

/** /api/goodsevaluate/again: the follow-up (追评) once per order, within again_days, shown with its date. */
describe("follow-up (追评)", () => {
  let t: TestApp;
  let member: TestMember;
  let goodsId: number;
  let skuId: number;
  let teaSku: number;

  const db = () => t.app.deps.db;
  const call = <T>(path: string, body: object) => t.call<T>(path, body, { token: member.token });
  const evaluated = async (lines = [{ skuId, num: 1 }]): Promise<EvaluableOrder> => {
    const order = await evaluableOrder(db(), member.member_id, lines);
    const goods_evaluate = JSON.stringify(order.lineIds.map((lineId) => ({ order_goods_id: lineId, scores: 5, content: "第一次评价" })));
    expect((await call("/api/goodsevaluate/add", { order_id: order.orderId, goods_evaluate })).code).toBe(0);
    return order;
  };
  const again = (order: EvaluableOrder, lines: object[]) => call<EvaluateResult>("/api/goodsevaluate/again", { order_id: order.orderId, goods_evaluate: JSON.stringify(lines) });
  const shown = async (evaluateId: number) =>
    (await t.call<Page<GoodsEvaluation>>("/api/goodsevaluate/page", { goods_id: goodsId, page_size: 100 })).data.list.find((item) => item.evaluate_id === evaluateId);
  const actionsOf = async (orderId: number) =>
    (await call<OrderListPage>("/api/order/lists", {})).data.list.find((item) => item.order_id === orderId)!.action.map((action) => action.title);

  beforeAll(async () => {
    t = await startTestApp();
    member = await registerMember(t);
    const cup = await insertGoods(db(), "追评茶杯", { goods: { price_cents: 1000, goods_stock: 1000 } });
    goodsId = cup.goodsId;
    skuId = cup.skuIds[0]!;
    teaSku = (await insertGoods(db(), "追评茶叶", { goods: { price_cents: 1000, goods_stock: 1000 } })).skuIds[0]!;
  });
  beforeEach(() => useEvaluateConfig(db(), { evaluate_audit: 0 }));
  afterAll(() => t.close());

  it("adds the follow-up text and pictures with its time; the goods page shows them; the order becomes 已追评 with no more actions", async () => {
    const order = await evaluated();
    const picture = await uploadedPicture(db(), member.member_id);
    // A client reusing the first form's field names is understood too.
    const response = await again(order, [{ order_goods_id: order.lineIds[0], content: "用了一个月还很好", images: picture }]);
    expect(response.code, response.message).toBe(0);
    const evaluateId = response.data.evaluate_ids[0]!;
    const item = (await shown(evaluateId))!;
    expect(item).toMatchObject({ content: "第一次评价", again_content: "用了一个月还很好", again_images: picture });
    expect(item.again_time).toBeGreaterThanOrEqual(item.create_time);
    expect((await db().selectFrom("orders").select("is_evaluate").where("order_id", "=", order.orderId).executeTakeFirstOrThrow()).is_evaluate).toBe(2);
    expect(await actionsOf(order.orderId)).not.toContain("追评");
    const info = (await call<OrderEvaluateInfo>("/api/order/evluateinfo", { order_id: order.orderId })).data;
    expect(info.evaluate_status).toBe(2);
    expect(info.list[0]!.evaluation).toMatchObject({ again_content: "用了一个月还很好", again_images: picture, again_is_audit: 1 });

    expect(await again(order, [{ order_goods_id: order.lineIds[0], again_content: "再追一次" }])).toMatchObject({ code: Code.ERROR, message: "订单已追评，每笔订单只能追评一次" });
    expect((await shown(evaluateId))!.again_content).toBe("用了一个月还很好");
  });

  it("follows up only the lines sent; the others keep none (once per order, as the reference)", async () => {
    const order = await evaluated([{ skuId, num: 1 }, { skuId: teaSku, num: 1 }]);
    expect((await again(order, [{ order_goods_id: order.lineIds[1], again_content: "茶叶不错" }])).code).toBe(0);
    const rows = await db().selectFrom("goods_evaluate").select(["order_goods_id", "again_content"]).where("order_id", "=", order.orderId).orderBy("order_goods_id").execute();
    expect(rows).toEqual([{ order_goods_id: order.lineIds[0], again_content: "" }, { order_goods_id: order.lineIds[1], again_content: "茶叶不错" }]);
  });

  it("offers 追评 only within again_days of the first evaluation", async () => {
    const order = await evaluated();
    await useEvaluateConfig(db(), { evaluate_audit: 0, again_days: 15 });
    expect(await actionsOf(order.orderId)).toContain("追评");
    const info = (await call<OrderEvaluateInfo>("/api/order/evluateinfo", { order_id: order.orderId })).data;
    expect(info.again_end_time).toBe(info.list[0]!.evaluation!.create_time + 15 * 86400);
    await ageEvaluations(db(), order.orderId, 16);
    expect(await actionsOf(order.orderId)).not.toContain("追评");
    expect((await again(order, [{ order_goods_id: order.lineIds[0], again_content: "晚了" }])).message).toBe("已超过追评期限（评价后 15 天内可以追评）");
  });

  it("with evaluate_audit on, hides the follow-up until the shop approves it, while the first evaluation stays shown", async () => {
    const order = await evaluated();
    const evaluateId = (await db().selectFrom("goods_evaluate").select("evaluate_id").where("order_id", "=", order.orderId).executeTakeFirstOrThrow()).evaluate_id;
    await useEvaluateConfig(db(), { evaluate_audit: 1 });
    const response = await again(order, [{ order_goods_id: order.lineIds[0], again_content: "等审核的追评" }]);
    expect(response.data.need_audit).toBe(1);
    const item = (await shown(evaluateId))!;
    expect(item.content).toBe("第一次评价");
    expect([item.again_content, item.again_images, item.again_time]).toEqual(["", "", 0]);
  });
});
