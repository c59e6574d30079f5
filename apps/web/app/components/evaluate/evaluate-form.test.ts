import { describe, expect, it } from "vitest";
import type { OrderEvaluateInfo, OrderEvaluateLine } from "@shop/contract";
import { addBody, againBody, emptyDraft, evaluatePageMode, starsLabel } from "./evaluate-form.ts";

const line = (orderGoodsId: number, name: string): OrderEvaluateLine => ({
  order_goods_id: orderGoodsId, order_no: "N1", goods_id: orderGoodsId * 10, sku_id: orderGoodsId * 100, sku_name: name, sku_image: "",
  spec_name: "", price: "1.00", num: 1, evaluation: null,
});
const info: Pick<OrderEvaluateInfo, "order_id" | "list"> = { order_id: 7, list: [line(1, "茶杯"), line(2, "茶叶")] };
const shop = { shop_desccredit: 5, shop_servicecredit: 4, shop_deliverycredit: 3 };

describe("evaluation page", () => {
  it("evaluates first, follows up until again_end_time, then shows what was written", () => {
    expect(evaluatePageMode({ evaluate_status: 0, again_end_time: 0 }, 100)).toBe("evaluate");
    expect(evaluatePageMode({ evaluate_status: 1, again_end_time: 101 }, 100)).toBe("again");
    expect(evaluatePageMode({ evaluate_status: 1, again_end_time: 100 }, 100)).toBe("done");
    expect(evaluatePageMode({ evaluate_status: 2, again_end_time: 999 }, 100)).toBe("done");
  });

  it("names the stars as the server files them", () => {
    expect([1, 2, 3, 4, 5].map(starsLabel)).toEqual(["差评", "差评", "中评", "好评", "好评"]);
  });

  it("sends every line in the reference's form: goods_evaluate as a JSON string, trimmed text, comma-joined pictures", () => {
    const prepared = addBody(info, { 1: { scores: 2, content: "  有裂纹 ", images: ["upload/evaluate/a.jpg", "upload/evaluate/b.jpg"] } }, shop, true);
    if (!("body" in prepared)) throw new Error(prepared.error);
    expect(prepared.body).toMatchObject({ order_id: 7, is_anonymous: 1, ...shop });
    expect(JSON.parse(prepared.body.goods_evaluate as string)).toEqual([
      { order_goods_id: 1, goods_id: 10, sku_id: 100, content: "有裂纹", images: "upload/evaluate/a.jpg,upload/evaluate/b.jpg", scores: 2 },
      { order_goods_id: 2, goods_id: 20, sku_id: 200, content: "", images: "", scores: 5 },
    ]);
    expect(addBody(info, { 2: { ...emptyDraft(), scores: 0 } }, shop, false)).toEqual({ error: "请为「茶叶」评分" });
  });

  it("follows up only the lines given text, and asks for text where only pictures were given", () => {
    const prepared = againBody(info, { 2: { ...emptyDraft(), content: "泡了一个月" } });
    if (!("body" in prepared)) throw new Error(prepared.error);
    expect(JSON.parse(prepared.body.goods_evaluate as string)).toEqual([{ order_goods_id: 2, goods_id: 20, sku_id: 200, again_content: "泡了一个月", again_images: "" }]);
    expect(againBody(info, {})).toEqual({ error: "请至少为一件商品填写追评内容" });
    expect(againBody(info, { 1: { ...emptyDraft(), images: ["upload/evaluate/a.jpg"] } })).toEqual({ error: "请为「茶杯」填写追评内容" });
  });
});
