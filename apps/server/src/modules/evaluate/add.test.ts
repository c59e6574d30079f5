import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EvaluateResult, EvaluationCounts, GoodsEvaluation, OrderCounts, OrderEvaluateInfo, OrderListPage, Page } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { createTestOrder, payTestOrder } from "../order/test-fixtures.ts";
import { OrderType } from "../order/state-machine.ts";
import { evaluableOrder, uploadedPicture, useEvaluateConfig, type EvaluableOrder } from "./test-fixtures.ts";

/** /api/goodsevaluate/add over HTTP: what it writes, what the order and the goods page then show, and who may call it. */
describe("first evaluation of an order", () => {
  let t: TestApp;
  let alice: TestMember;
  let bob: TestMember;
  let cup: { goodsId: number; skuId: number };
  let tea: { goodsId: number; skuId: number };

  const db = () => t.app.deps.db;
  const call = <T>(path: string, body: object, member: TestMember) => t.call<T>(path, body, { token: member.token });
  const goods = async (name: string) => {
    const inserted = await insertGoods(db(), name, { goods: { price_cents: 3000, goods_stock: 1000 } });
    return { goodsId: inserted.goodsId, skuId: inserted.skuIds[0]! };
  };
  const twoLineOrder = (member: TestMember = alice) =>
    evaluableOrder(db(), member.member_id, [{ skuId: cup.skuId, num: 1 }, { skuId: tea.skuId, num: 2 }]);
  /** The reference's payload: goods_evaluate as a JSON string. */
  const addBody = (order: EvaluableOrder, lines: object[], extra: object = {}) => ({
    order_id: order.orderId,
    goods_evaluate: JSON.stringify(lines.map((line, index) => ({ order_goods_id: order.lineIds[index], scores: 5, content: "很好", images: "", ...line }))),
    ...extra,
  });
  const shownPage = (goodsId: number) => t.call<Page<GoodsEvaluation>>("/api/goodsevaluate/page", { goods_id: goodsId, page_size: 50 });
  const countsOf = (goodsId: number) => t.call<EvaluationCounts>("/api/goodsevaluate/getgoodsevaluate", { goods_id: goodsId });
  const evaluateCount = async (goodsId: number) =>
    Number((await db().selectFrom("goods").select("evaluate").where("goods_id", "=", goodsId).executeTakeFirstOrThrow()).evaluate);
  const rowsOf = (orderId: number) => db().selectFrom("goods_evaluate").selectAll().where("order_id", "=", orderId).orderBy("order_goods_id").execute();

  beforeAll(async () => {
    t = await startTestApp();
    alice = await registerMember(t);
    bob = await registerMember(t);
    await db().updateTable("member").set({ nickname: "张小明" }).where("member_id", "=", alice.member_id).execute();
    cup = await goods("评价茶杯");
    tea = await goods("评价茶叶");
  });
  beforeEach(() => useEvaluateConfig(db(), { evaluate_audit: 0 }));
  afterAll(() => t.close());

  it("writes one evaluation per line with the stars' explain_type, pictures and shop scores; the goods page shows them at once", async () => {
    const order = await twoLineOrder();
    const picture = await uploadedPicture(db(), alice.member_id);
    const [cupBefore, teaBefore] = [await countsOf(cup.goodsId), await countsOf(tea.goodsId)];
    const response = await call<EvaluateResult>("/api/goodsevaluate/add", addBody(order, [
      // explain_type is the server's to decide: a client claiming 好评 for 2 stars gets 差评.
      { scores: 2, content: "杯子有裂纹", images: picture, explain_type: 1, goods_id: cup.goodsId, sku_id: cup.skuId },
      { scores: 3, content: "一般般" },
    ], { shop_desccredit: 4, shop_servicecredit: 3, shop_deliverycredit: 5, order_no: "ignored", member_name: "伪造的名字" }), alice);
    expect(response.code, response.message).toBe(0);
    expect(response.data.need_audit).toBe(0);
    expect(response.data.evaluate_ids).toHaveLength(2);

    const rows = await rowsOf(order.orderId);
    expect(rows.map((row) => [row.order_goods_id, row.scores, row.explain_type, row.content, row.images, row.is_show, row.is_audit])).toEqual([
      [order.lineIds[0], 2, 3, "杯子有裂纹", picture, 1, 1],
      [order.lineIds[1], 3, 2, "一般般", "", 1, 1],
    ]);
    expect(rows[0]).toMatchObject({ member_id: alice.member_id, member_name: "张小明", order_no: order.orderNo, sku_price_cents: 3000, shop_desccredit: 4, shop_servicecredit: 3, shop_deliverycredit: 5 });

    expect((await countsOf(cup.goodsId)).data).toEqual({ ...cupBefore.data, total: cupBefore.data.total + 1, chaping: cupBefore.data.chaping + 1 });
    expect((await countsOf(tea.goodsId)).data).toEqual({ ...teaBefore.data, total: teaBefore.data.total + 1, zhongping: teaBefore.data.zhongping + 1 });
    expect(await evaluateCount(cup.goodsId)).toBe((await countsOf(cup.goodsId)).data.total);
    const shown = (await shownPage(cup.goodsId)).data.list.find((item) => item.evaluate_id === response.data.evaluate_ids[0]);
    expect(shown).toMatchObject({ content: "杯子有裂纹", images: picture, scores: 2, explain_type: 3, member_name: "张小明", is_anonymous: 0 });
  });

  it("marks the order and its lines evaluated: 待评价 and its count drop it, the action becomes 追评, evluateinfo answers the evaluations", async () => {
    const member = await registerMember(t);
    const order = await evaluableOrder(db(), member.member_id, [{ skuId: cup.skuId, num: 1 }]);
    const counts = async () => (await call<OrderCounts>("/api/order/num", {}, member)).data.waitrate;
    const waiting = async () => (await call<OrderListPage>("/api/order/lists", { order_status: "waitrate" }, member)).data.list.map((item) => item.order_id);
    const actions = async () =>
      (await call<OrderListPage>("/api/order/lists", {}, member)).data.list.find((item) => item.order_id === order.orderId)!.action.map((action) => action.title);
    expect(await counts()).toBe(1);
    expect(await waiting()).toEqual([order.orderId]);
    expect(await actions()).toContain("评价");
    const before = (await call<OrderEvaluateInfo>("/api/order/evluateinfo", { order_id: order.orderId }, member)).data;
    expect(before).toMatchObject({ evaluate_status: 0, order_no: order.orderNo, again_end_time: 0, evaluate_audit: 0 });
    expect(before.list.map((line) => [line.order_goods_id, line.evaluation])).toEqual([[order.lineIds[0], null]]);

    expect((await call("/api/goodsevaluate/add", addBody(order, [{ scores: 5, content: "满意" }]), member)).code).toBe(0);
    expect(await counts()).toBe(0);
    expect(await waiting()).toEqual([]);
    expect(await actions()).toContain("追评");
    const detail = (await call<{ is_evaluate: number }>("/api/order/detail", { order_id: order.orderId }, member)).data;
    expect(detail.is_evaluate).toBe(1);
    const lines = await db().selectFrom("order_goods").select("is_evaluate").where("order_id", "=", order.orderId).execute();
    expect(lines.map((line) => line.is_evaluate)).toEqual([1]);
    const after = (await call<OrderEvaluateInfo>("/api/order/evluateinfo", { order_id: order.orderId }, member)).data;
    expect(after.evaluate_status).toBe(1);
    expect(after.list[0]!.evaluation).toMatchObject({ content: "满意", scores: 5, explain_type: 1, again_time: 0 });
    expect(after.again_end_time).toBe(after.list[0]!.evaluation!.create_time + 180 * 86400);
  });

  it("answers the order only once: a second add is refused and writes nothing", async () => {
    const order = await twoLineOrder();
    expect((await call("/api/goodsevaluate/add", addBody(order, [{}, {}]), alice)).code).toBe(0);
    const again = await call("/api/goodsevaluate/add", addBody(order, [{ content: "再来一次" }, {}]), alice);
    expect(again).toMatchObject({ code: Code.ERROR, message: "订单已评价，请勿重复提交" });
    expect(await rowsOf(order.orderId)).toHaveLength(2);
  });

  it("shows an anonymous buyer as a masked name without a picture", async () => {
    const order = await evaluableOrder(db(), alice.member_id, [{ skuId: tea.skuId, num: 1 }]);
    const { data } = await call<EvaluateResult>("/api/goodsevaluate/add", addBody(order, [{ content: "匿名说一句" }], { is_anonymous: 1 }), alice);
    const shown = (await shownPage(tea.goodsId)).data.list.find((item) => item.evaluate_id === data.evaluate_ids[0])!;
    expect(shown).toMatchObject({ is_anonymous: 1, member_name: "张***明", member_headimg: "" });
  });

  it("keeps plain text as typed: markup is stored and answered verbatim (pages render it escaped)", async () => {
    const order = await evaluableOrder(db(), alice.member_id, [{ skuId: cup.skuId, num: 1 }]);
    const text = `<script>alert("x")</script><img src=x onerror=alert(1)> & 'quotes'\n第二行`;
    const { data } = await call<EvaluateResult>("/api/goodsevaluate/add", addBody(order, [{ content: text }]), alice);
    expect((await rowsOf(order.orderId))[0]!.content).toBe(text);
    expect((await shownPage(cup.goodsId)).data.list.find((item) => item.evaluate_id === data.evaluate_ids[0])!.content).toBe(text);
  });

  it("with evaluate_audit on, waits for the shop: nothing shown, counts unchanged, need_audit 1", async () => {
    await useEvaluateConfig(db(), { evaluate_audit: 1 });
    const order = await evaluableOrder(db(), alice.member_id, [{ skuId: cup.skuId, num: 1 }]);
    const before = (await countsOf(cup.goodsId)).data;
    const response = await call<EvaluateResult>("/api/goodsevaluate/add", addBody(order, [{ content: "待审核的评价" }]), alice);
    expect(response.data.need_audit).toBe(1);
    expect((await rowsOf(order.orderId))[0]).toMatchObject({ is_show: 0, is_audit: 0 });
    expect((await countsOf(cup.goodsId)).data).toEqual(before);
    expect((await shownPage(cup.goodsId)).data.list.some((item) => item.content === "待审核的评价")).toBe(false);
    expect((await call<OrderEvaluateInfo>("/api/order/evluateinfo", { order_id: order.orderId }, alice)).data.evaluate_audit).toBe(1);
  });

  it("refuses when the shop turned evaluations off", async () => {
    await useEvaluateConfig(db(), { evaluate_status: 0 });
    const order = await evaluableOrder(db(), alice.member_id, [{ skuId: cup.skuId, num: 1 }]);
    expect(await call("/api/goodsevaluate/add", addBody(order, [{}]), alice)).toMatchObject({ code: Code.ERROR, message: "商城暂未开启商品评价" });
    expect((await call<OrderListPage>("/api/order/lists", {}, alice)).data.list.find((item) => item.order_id === order.orderId)!.action.map((a) => a.action))
      .not.toContain("memberOrderEvaluation");
  });

  it("takes received, picked-up, completed and used virtual orders; refuses unpaid and shipped ones", async () => {
    const accepted = [
      await evaluableOrder(db(), alice.member_id, [{ skuId: cup.skuId, num: 1 }], { complete: true }),
      await evaluableOrder(db(), alice.member_id, [{ skuId: cup.skuId, num: 1 }], { orderType: OrderType.PICKUP }),
      await evaluableOrder(db(), alice.member_id, [{ skuId: cup.skuId, num: 1 }], { orderType: OrderType.VIRTUAL }),
    ];
    for (const order of accepted) expect((await call("/api/goodsevaluate/add", addBody(order, [{}]), alice)).code).toBe(0);

    const unpaid = await createTestOrder(db(), { memberId: alice.member_id, lines: [{ skuId: cup.skuId, num: 1 }] });
    const paid = await createTestOrder(db(), { memberId: alice.member_id, lines: [{ skuId: cup.skuId, num: 1 }] });
    await payTestOrder(db(), paid);
    for (const order of [unpaid, paid]) {
      const lineIds = (await db().selectFrom("order_goods").select("order_goods_id").where("order_id", "=", order.orderId).execute()).map((row) => row.order_goods_id);
      const refused = await call("/api/goodsevaluate/add", addBody({ ...order, lineIds }, [{}]), alice);
      expect(refused).toMatchObject({ code: Code.ERROR, message: "订单尚未收货，暂不能评价" });
      expect((await call("/api/order/evluateinfo", { order_id: order.orderId }, alice)).message).toBe("订单尚未收货，暂不能评价");
    }
  });

  it("leaves out lines with a refund in progress or done; a refused or closed refund may be evaluated", async () => {
    const three = await evaluableOrder(db(), alice.member_id, [{ skuId: cup.skuId, num: 1 }, { skuId: tea.skuId, num: 1 }, { skuId: cup.skuId, num: 2 }]);
    const [open, refused, done] = three.lineIds as [number, number, number];
    await db().updateTable("order_goods").set({ refund_status: 1 }).where("order_goods_id", "=", open).execute();
    await db().updateTable("order_goods").set({ refund_status: -1 }).where("order_goods_id", "=", refused).execute();
    await db().updateTable("order_goods").set({ refund_status: 3 }).where("order_goods_id", "=", done).execute();
    const info = (await call<OrderEvaluateInfo>("/api/order/evluateinfo", { order_id: three.orderId }, alice)).data;
    expect(info.list.map((line) => line.order_goods_id)).toEqual([refused]);

    const withRefunding = { order_id: three.orderId, goods_evaluate: JSON.stringify([{ order_goods_id: open, scores: 5 }, { order_goods_id: refused, scores: 5 }]) };
    expect((await call("/api/goodsevaluate/add", withRefunding, alice)).message).toMatch(/正在退款或已退款，不能评价/);
    expect(await rowsOf(three.orderId)).toEqual([]);
    expect((await call("/api/goodsevaluate/add", { order_id: three.orderId, goods_evaluate: JSON.stringify([{ order_goods_id: refused, scores: 4 }]) }, alice)).code).toBe(0);

    const allRefunded = await evaluableOrder(db(), alice.member_id, [{ skuId: tea.skuId, num: 1 }]);
    await db().updateTable("order_goods").set({ refund_status: 3 }).where("order_id", "=", allRefunded.orderId).execute();
    expect((await call("/api/order/evluateinfo", { order_id: allRefunded.orderId }, alice)).message).toMatch(/没有可以评价的商品/);
  });

  it("answers another member's order as missing (add, evluateinfo) and writes nothing", async () => {
    const order = await twoLineOrder(alice);
    const picture = await uploadedPicture(db(), bob.member_id);
    expect(await call("/api/goodsevaluate/add", addBody(order, [{ images: picture }, {}]), bob)).toMatchObject({ code: Code.ERROR, message: "订单不存在" });
    expect(await call("/api/order/evluateinfo", { order_id: order.orderId }, bob)).toMatchObject({ code: Code.ERROR, message: "订单不存在" });
    expect(await call("/api/order/evluateinfo", { order_id: 2_000_000_000 }, bob)).toMatchObject({ code: Code.ERROR, message: "订单不存在" });
    expect(await rowsOf(order.orderId)).toEqual([]);
    expect((await db().selectFrom("orders").select("is_evaluate").where("order_id", "=", order.orderId).executeTakeFirstOrThrow()).is_evaluate).toBe(0);
  });

  it("asks a guest to log in", async () => {
    const order = await twoLineOrder();
    expect((await t.call("/api/goodsevaluate/add", addBody(order, [{}, {}]))).code).toBe(Code.TOKEN_ERROR);
    const again = { order_id: order.orderId, goods_evaluate: JSON.stringify([{ order_goods_id: order.lineIds[0], again_content: "追评" }]) };
    expect((await t.call("/api/goodsevaluate/again", again)).code).toBe(Code.TOKEN_ERROR);
  });
});
