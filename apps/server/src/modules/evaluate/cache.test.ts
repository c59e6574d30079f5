import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EvaluationCounts, GoodsEvaluation, GoodsSkuDetailResult, Page } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { loginTestStaff } from "../order/test-fixtures.ts";
import { evaluableOrder, useEvaluateConfig } from "./test-fixtures.ts";

/**
 * With the public-data cache on (as in production): the goods page's cached counts, list and
 * goods.evaluate follow a new evaluation, an approval, a follow-up and a deletion at once (the
 * goods' tag is purged after each commits). Without the purge each read below would answer the
 * cached value of the read before it.
 */
describe("evaluations and the goods page cache", () => {
  let t: TestApp;
  let member: TestMember;
  let admin: string;
  let goodsId: number;
  let skuId: number;

  const db = () => t.app.deps.db;
  const counts = async () => (await t.call<EvaluationCounts>("/api/goodsevaluate/getgoodsevaluate", { goods_id: goodsId })).data;
  const contents = async () => (await t.call<Page<GoodsEvaluation>>("/api/goodsevaluate/page", { goods_id: goodsId })).data.list.map((item) => [item.content, item.again_content]);
  const detailCount = async () => (await t.call<GoodsSkuDetailResult>("/api/goodssku/detail", { sku_id: skuId })).data.goods_sku_detail!.evaluate;
  const evaluate = async (content: string) => {
    const order = await evaluableOrder(db(), member.member_id, [{ skuId, num: 1 }]);
    const body = { order_id: order.orderId, goods_evaluate: JSON.stringify([{ order_goods_id: order.lineIds[0], scores: 5, content }]) };
    const response = await t.call<{ evaluate_ids: number[] }>("/api/goodsevaluate/add", body, { token: member.token });
    expect(response.code, response.message).toBe(0);
    return { order, evaluateId: response.data.evaluate_ids[0]! };
  };

  beforeAll(async () => {
    t = await startTestApp({ config: { dataCache: true } });
    member = await registerMember(t);
    admin = await loginTestStaff(t, "admin");
    const inserted = await insertGoods(db(), "缓存茶杯", { goods: { price_cents: 1000, goods_stock: 1000 } });
    goodsId = inserted.goodsId;
    skuId = inserted.skuIds[0]!;
  });
  afterAll(() => t.close());

  it("shows a new evaluation, its approval, its follow-up and its deletion through the cache", async () => {
    await useEvaluateConfig(db(), { evaluate_audit: 0 });
    expect(await counts()).toMatchObject({ total: 0 });
    expect(await contents()).toEqual([]);
    await evaluate("直接展示");
    expect(await counts()).toMatchObject({ total: 1, haoping: 1 });
    expect(await contents()).toEqual([["直接展示", ""]]);
    // The guest's SKU data is kept briefly and carries the goods' tag too.
    expect(await detailCount()).toBe(1);

    await useEvaluateConfig(db(), { evaluate_audit: 1 });
    const waiting = await evaluate("审核后展示");
    expect(await counts()).toMatchObject({ total: 1 });
    await t.call("/shopapi/goodsevaluate/audit", { evaluate_id: waiting.evaluateId, is_audit: 1 }, { token: admin });
    expect(await counts()).toMatchObject({ total: 2 });
    expect(await detailCount()).toBe(2);

    await useEvaluateConfig(db(), { evaluate_audit: 0 });
    const again = { order_id: waiting.order.orderId, goods_evaluate: JSON.stringify([{ order_goods_id: waiting.order.lineIds[0], again_content: "追评也展示" }]) };
    expect((await t.call("/api/goodsevaluate/again", again, { token: member.token })).code).toBe(0);
    expect(await contents()).toContainEqual(["审核后展示", "追评也展示"]);

    await t.call("/shopapi/goodsevaluate/delete", { evaluate_id: waiting.evaluateId }, { token: admin });
    expect(await counts()).toMatchObject({ total: 1 });
    expect(await contents()).toEqual([["直接展示", ""]]);
    expect(await detailCount()).toBe(1);
  });
});
