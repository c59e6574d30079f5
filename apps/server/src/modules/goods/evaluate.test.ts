import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EvaluationCounts, GoodsEvaluation, Page } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { insertGoods } from "./test-fixtures.ts";
import { insertEvaluation } from "./detail-test-fixtures.ts";
import { maskName } from "./evaluate.ts";

describe("goods evaluations", () => {
  let t: TestApp;
  let goodsId: number;
  let otherGoodsId: number;
  beforeAll(async () => {
    t = await startTestApp();
    const db = t.app.deps.db;
    goodsId = (await insertGoods(db, "保温杯")).goodsId;
    otherGoodsId = (await insertGoods(db, "水壶")).goodsId;
    // 5 good, 2 neutral, 1 bad shown; one hidden; one of another goods.
    for (let index = 0; index < 5; index += 1) {
      await insertEvaluation(db, { goods_id: goodsId, explain_type: 1, content: `好评${index}`, create_time: 1_700_000_100 + index });
    }
    await insertEvaluation(db, { goods_id: goodsId, explain_type: 2, content: "中评", images: "/e/1.jpg,/e/2.jpg", create_time: 1_700_000_050 });
    await insertEvaluation(db, {
      goods_id: goodsId, explain_type: 2, content: "匿名中评", is_anonymous: 1, member_name: "张小明", member_headimg: "/h/z.png",
      again_content: "追评", again_time: 1_700_100_000, create_time: 1_700_000_040,
    });
    await insertEvaluation(db, { goods_id: goodsId, explain_type: 3, content: "差评", explain_first: "抱歉", create_time: 1_700_000_030 });
    await insertEvaluation(db, { goods_id: goodsId, explain_type: 3, content: "隐藏", is_show: 0 });
    await insertEvaluation(db, { goods_id: otherGoodsId, explain_type: 1 });
  });
  afterAll(() => t.close());

  const page = async (body: object) => {
    const response = await t.call<Page<GoodsEvaluation>>("/api/goodsevaluate/page", body);
    expect(response.code).toBe(0);
    return response.data;
  };

  it("counts shown evaluations by kind", async () => {
    const response = await t.call<EvaluationCounts>("/api/goodsevaluate/getgoodsevaluate", { goods_id: goodsId });
    expect(response.data).toEqual({ total: 8, haoping: 5, zhongping: 2, chaping: 1 });
    const none = await t.call<EvaluationCounts>("/api/goodsevaluate/getgoodsevaluate", { goods_id: 999_999 });
    expect(none.data).toEqual({ total: 0, haoping: 0, zhongping: 0, chaping: 0 });
  });

  it("pages all shown evaluations, newest first", async () => {
    const first = await page({ goods_id: goodsId, page: 1, page_size: 3 });
    expect(first).toMatchObject({ count: 8, page_count: 3 });
    expect(first.list.map((item) => item.content)).toEqual(["好评4", "好评3", "好评2"]);
    const last = await page({ goods_id: goodsId, page: 3, page_size: 3 });
    expect(last.list.map((item) => item.content)).toEqual(["匿名中评", "差评"]);
  });

  it("filters by kind", async () => {
    const neutral = await page({ goods_id: goodsId, explain_type: 2 });
    expect(neutral.list.map((item) => item.content)).toEqual(["中评", "匿名中评"]);
    expect(neutral.list[0]).toMatchObject({ images: "/e/1.jpg,/e/2.jpg", explain_type: 2, scores: 5, again_time: 0 });
    const bad = await page({ goods_id: goodsId, explain_type: "3" });
    expect(bad.list).toHaveLength(1);
    expect(bad.list[0]).toMatchObject({ content: "差评", explain_first: "抱歉" });
    expect((await page({ goods_id: goodsId, explain_type: 0 })).count).toBe(8);
  });

  it("masks anonymous buyers", async () => {
    const neutral = await page({ goods_id: goodsId, explain_type: 2 });
    expect(neutral.list[1]).toMatchObject({ member_name: "张***明", member_headimg: "", is_anonymous: 1, again_content: "追评", again_time: 1_700_100_000 });
    expect(neutral.list[0]).toMatchObject({ member_name: "买家", member_headimg: "/h/a.png", is_anonymous: 0 });
    expect([maskName("A"), maskName(""), maskName("ab"), maskName("快乐的橘子")]).toEqual(["A***", "匿***", "a***b", "快***子"]);
  });

  it("answers an empty page for goods without evaluations", async () => {
    expect(await page({ goods_id: 999_999 })).toEqual({ page_count: 0, count: 0, list: [] });
  });

  it("refuses bad input with -10006 naming the field", async () => {
    for (const [path, body, field] of [
      ["/api/goodsevaluate/page", {}, "goods_id"],
      ["/api/goodsevaluate/page", { goods_id: goodsId, explain_type: 4 }, "explain_type"],
      ["/api/goodsevaluate/page", { goods_id: goodsId, page: 0 }, "page"],
      ["/api/goodsevaluate/page", { goods_id: goodsId, page_size: 101 }, "page_size"],
      ["/api/goodsevaluate/getgoodsevaluate", { goods_id: "x" }, "goods_id"],
    ] as const) {
      const response = await t.call(path, body);
      expect(response.code, JSON.stringify(body)).toBe(-10006);
      expect(response.message).toContain(field);
    }
  });
});
