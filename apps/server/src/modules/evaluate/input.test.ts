import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Code } from "@shop/contract/codes";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { ageEvaluations, evaluableOrder, uploadedPicture, useEvaluateConfig, type EvaluableOrder } from "./test-fixtures.ts";

/**
 * Bad input for every field of add and again: each is refused with its own message (-10006 for
 * what the client got wrong, -1 for what the order's state forbids), and nothing is written.
 */
describe("evaluation input", () => {
  let t: TestApp;
  let alice: TestMember;
  let bob: TestMember;
  let order: EvaluableOrder;
  let otherOrder: EvaluableOrder;
  let cupGoods: number;
  let cupSku: number;
  let teaSku: number;

  const db = () => t.app.deps.db;
  const line = (extra: object = {}, index = 0) => ({ order_goods_id: order.lineIds[index], scores: 5, content: "好", ...extra });
  const bothLines = (first: object = {}) => JSON.stringify([line(first, 0), line({}, 1)]);
  const add = (body: object, member = alice) => t.call("/api/goodsevaluate/add", { order_id: order.orderId, goods_evaluate: bothLines(), ...body }, { token: member.token });
  const nothingWritten = async (orderId = order.orderId) => {
    expect(await db().selectFrom("goods_evaluate").select("evaluate_id").where("order_id", "=", orderId).execute()).toEqual([]);
    expect((await db().selectFrom("orders").select("is_evaluate").where("order_id", "=", orderId).executeTakeFirstOrThrow()).is_evaluate).toBe(0);
  };

  beforeAll(async () => {
    t = await startTestApp();
    alice = await registerMember(t);
    bob = await registerMember(t);
    await useEvaluateConfig(db(), { evaluate_audit: 0 });
    const cup = await insertGoods(db(), "输入茶杯", { goods: { price_cents: 1000, goods_stock: 1000 } });
    cupGoods = cup.goodsId;
    cupSku = cup.skuIds[0]!;
    teaSku = (await insertGoods(db(), "输入茶叶", { goods: { price_cents: 1000, goods_stock: 1000 } })).skuIds[0]!;
    order = await evaluableOrder(db(), alice.member_id, [{ skuId: cupSku, num: 1 }, { skuId: teaSku, num: 1 }]);
    otherOrder = await evaluableOrder(db(), alice.member_id, [{ skuId: cupSku, num: 1 }]);
  });
  afterAll(() => t.close());

  const paramCases: Array<[string, () => Promise<object>, RegExp]> = [
    ["order_id missing", async () => ({ order_id: undefined }), /参数 order_id 不能为空/],
    ["order_id 0", async () => ({ order_id: 0 }), /参数 order_id/],
    ["order_id text", async () => ({ order_id: "abc" }), /参数 order_id/],
    ["goods_evaluate missing", async () => ({ goods_evaluate: undefined }), /参数 goods_evaluate 不能为空/],
    ["goods_evaluate not JSON", async () => ({ goods_evaluate: "{oops" }), /参数 goods_evaluate 类型错误/],
    ["goods_evaluate an object", async () => ({ goods_evaluate: JSON.stringify({ order_goods_id: 1 }) }), /参数 goods_evaluate 类型错误/],
    ["goods_evaluate empty", async () => ({ goods_evaluate: "[]" }), /参数 goods_evaluate 至少 1 项/],
    ["goods_evaluate too many lines", async () => ({ goods_evaluate: JSON.stringify(Array.from({ length: 51 }, () => line())) }), /最多 50 项/],
    ["order_goods_id missing", async () => ({ goods_evaluate: JSON.stringify([{ scores: 5 }]) }), /参数 goods_evaluate\.0\.order_goods_id 不能为空/],
    ["order_goods_id negative", async () => ({ goods_evaluate: bothLines({ order_goods_id: -3 }) }), /goods_evaluate\.0\.order_goods_id/],
    ["scores missing", async () => ({ goods_evaluate: bothLines({ scores: undefined }) }), /goods_evaluate\.0\.scores 不能为空/],
    ["scores 0", async () => ({ goods_evaluate: bothLines({ scores: 0 }) }), /goods_evaluate\.0\.scores 不能小于 1/],
    ["scores 6", async () => ({ goods_evaluate: bothLines({ scores: 6 }) }), /goods_evaluate\.0\.scores 不能大于 5/],
    ["scores 4.5", async () => ({ goods_evaluate: bothLines({ scores: 4.5 }) }), /goods_evaluate\.0\.scores/],
    ["content too long", async () => ({ goods_evaluate: bothLines({ content: "好".repeat(501) }) }), /goods_evaluate\.0\.content 长度不能超过 500/],
    ["content with control characters", async () => ({ goods_evaluate: bothLines({ content: "好\u0000评" }) }), /内容含有无法显示的字符/],
    ["content not text", async () => ({ goods_evaluate: bothLines({ content: { a: 1 } }) }), /goods_evaluate\.0\.content 类型错误/],
    ["seven pictures", async () => ({ goods_evaluate: bothLines({ images: Array.from({ length: 7 }, (_, i) => `upload/evaluate/a${i}.jpg`).join(",") }) }), /goods_evaluate\.0\.images 最多 6 项/],
    ["a picture path with a space", async () => ({ goods_evaluate: bothLines({ images: ["upload/evaluate/a b.jpg"] }) }), /goods_evaluate\.0\.images\.0 格式不正确/],
    ["a picture not uploaded", async () => ({ goods_evaluate: bothLines({ images: "upload/evaluate/20240101/never.jpg" }) }), /图片无效，请重新上传/],
    ["a picture of another kind", async () => ({ goods_evaluate: bothLines({ images: await uploadedPicture(db(), alice.member_id, "refund") }) }), /图片无效，请重新上传/],
    ["another member's picture", async () => ({ goods_evaluate: bothLines({ images: await uploadedPicture(db(), bob.member_id) }) }), /图片无效，请重新上传/],
    ["any path", async () => ({ goods_evaluate: bothLines({ images: "../../etc/passwd" }) }), /图片无效，请重新上传/],
    ["is_anonymous 2", async () => ({ is_anonymous: 2 }), /参数 is_anonymous 不能大于 1/],
    ["shop_desccredit 0", async () => ({ shop_desccredit: 0 }), /参数 shop_desccredit 不能小于 1/],
    ["shop_servicecredit 6", async () => ({ shop_servicecredit: 6 }), /参数 shop_servicecredit 不能大于 5/],
    ["shop_deliverycredit text", async () => ({ shop_deliverycredit: "good" }), /参数 shop_deliverycredit/],
    ["the same line twice", async () => ({ goods_evaluate: JSON.stringify([line(), line()]) }), /同一商品不能重复提交/],
    ["a line left out", async () => ({ goods_evaluate: JSON.stringify([line()]) }), /请为订单中的每件商品评分：「输入茶叶」/],
    ["a line of another order", async () => ({ goods_evaluate: JSON.stringify([line(), { ...line({}, 1), order_goods_id: otherOrder.lineIds[0] }]) }), /评价的商品不属于该订单/],
    ["goods_id not the line's", async () => ({ goods_evaluate: bothLines({ goods_id: cupGoods + 1000 }) }), /「输入茶杯」的商品信息与订单不符/],
    ["sku_id not the line's", async () => ({ goods_evaluate: bothLines({ sku_id: teaSku }) }), /「输入茶杯」的商品信息与订单不符/],
  ];

  it.each(paramCases)("add refuses %s with -10006", async (_name, body, message) => {
    const response = await add(await body());
    expect(response.code, response.message).toBe(Code.PARAM);
    expect(response.message).toMatch(message);
    await nothingWritten();
  });

  it("takes pictures as an array or the reference's comma list, with a leading slash", async () => {
    const target = await evaluableOrder(db(), alice.member_id, [{ skuId: cupSku, num: 1 }, { skuId: teaSku, num: 1 }]);
    const [a, b, c] = [await uploadedPicture(db(), alice.member_id), await uploadedPicture(db(), alice.member_id), await uploadedPicture(db(), alice.member_id)];
    const lines = [{ order_goods_id: target.lineIds[0], scores: 5, images: [a, `/${b}`] }, { order_goods_id: target.lineIds[1], scores: 4, images: `${c}` }];
    expect((await t.call("/api/goodsevaluate/add", { order_id: target.orderId, goods_evaluate: lines }, { token: alice.token })).code).toBe(0);
    const rows = await db().selectFrom("goods_evaluate").select("images").where("order_id", "=", target.orderId).orderBy("order_goods_id").execute();
    expect(rows.map((row) => row.images)).toEqual([`${a},${b}`, c]);
  });

  describe("again", () => {
    let evaluated: EvaluableOrder;
    const again = (lines: unknown, member = alice, orderId = () => evaluated.orderId) =>
      t.call("/api/goodsevaluate/again", { order_id: orderId(), goods_evaluate: typeof lines === "string" ? lines : JSON.stringify(lines) }, { token: member.token });
    const againLine = (extra: object = {}) => ({ order_goods_id: evaluated.lineIds[0], again_content: "用了一个月，还不错", ...extra });
    const untouched = async () => {
      const rows = await db().selectFrom("goods_evaluate").select(["again_time", "again_content"]).where("order_id", "=", evaluated.orderId).execute();
      expect(rows.every((row) => row.again_time === 0 && row.again_content === "")).toBe(true);
      expect((await db().selectFrom("orders").select("is_evaluate").where("order_id", "=", evaluated.orderId).executeTakeFirstOrThrow()).is_evaluate).toBe(1);
    };

    beforeAll(async () => {
      evaluated = await evaluableOrder(db(), alice.member_id, [{ skuId: cupSku, num: 1 }, { skuId: teaSku, num: 1 }]);
      const lines = evaluated.lineIds.map((lineId) => ({ order_goods_id: lineId, scores: 5 }));
      expect((await t.call("/api/goodsevaluate/add", { order_id: evaluated.orderId, goods_evaluate: JSON.stringify(lines) }, { token: alice.token })).code).toBe(0);
    });

    const againCases: Array<[string, () => Promise<unknown>, number, RegExp]> = [
      ["no lines", async () => "[]", Code.PARAM, /至少 1 项/],
      ["not JSON", async () => "again", Code.PARAM, /参数 goods_evaluate 类型错误/],
      ["no text", async () => [againLine({ again_content: "" })], Code.PARAM, /again_content 不能为空/],
      ["text too long", async () => [againLine({ again_content: "追".repeat(501) })], Code.PARAM, /again_content 长度不能超过 500/],
      ["seven pictures", async () => [againLine({ again_images: Array.from({ length: 7 }, (_, i) => `upload/evaluate/x${i}.jpg`) })], Code.PARAM, /again_images 最多 6 项/],
      ["another member's picture", async () => [againLine({ again_images: await uploadedPicture(db(), bob.member_id) })], Code.PARAM, /图片无效/],
      ["a line twice", async () => [againLine(), againLine()], Code.PARAM, /同一商品不能重复提交/],
      ["a line of another order", async () => [againLine({ order_goods_id: order.lineIds[0] })], Code.PARAM, /不属于该订单/],
      ["sku_id not the line's", async () => [againLine({ sku_id: teaSku })], Code.PARAM, /商品信息与订单不符/],
    ];

    it.each(againCases)("refuses %s", async (_name, lines, code, message) => {
      const response = await again(await lines());
      expect(response.code, response.message).toBe(code);
      expect(response.message).toMatch(message);
      await untouched();
    });

    it("refuses an order not evaluated yet, another member's order, and a follow-up after again_days", async () => {
      const fresh = await evaluableOrder(db(), alice.member_id, [{ skuId: cupSku, num: 1 }]);
      expect((await again([{ order_goods_id: fresh.lineIds[0], again_content: "追" }], alice, () => fresh.orderId)).message).toBe("订单还没有评价，请先评价");
      expect(await again([againLine()], bob)).toMatchObject({ code: Code.ERROR, message: "订单不存在" });
      await untouched();
      await useEvaluateConfig(db(), { evaluate_audit: 0, again_days: 30 });
      await ageEvaluations(db(), evaluated.orderId, 31);
      expect(await again([againLine()])).toMatchObject({ code: Code.ERROR, message: "已超过追评期限（评价后 30 天内可以追评）" });
      await untouched();
      await ageEvaluations(db(), evaluated.orderId, -2);
      expect((await again([againLine()])).code).toBe(0);
      await useEvaluateConfig(db(), { evaluate_audit: 0 });
    });
  });
});
