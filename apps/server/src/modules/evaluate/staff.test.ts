import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EvaluationCounts, GoodsEvaluation, Page, StaffEvaluation } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { loginTestStaff } from "../order/test-fixtures.ts";
import { evaluableOrder, useEvaluateConfig } from "./test-fixtures.ts";

/** The staff API of evaluations (evaluate.manage): review, reply as 商家, delete; logged; the goods page follows. */
describe("staff evaluation API", () => {
  let t: TestApp;
  let member: TestMember;
  let admin: string;
  let servicer: string;
  let goodsId: number;
  let skuId: number;

  const db = () => t.app.deps.db;
  const staff = <T>(path: string, body: object, token = admin) => t.call<T>(path, body, { token });
  const shown = async () => (await t.call<Page<GoodsEvaluation>>("/api/goodsevaluate/page", { goods_id: goodsId, page_size: 100 })).data.list;
  const counts = async () => (await t.call<EvaluationCounts>("/api/goodsevaluate/getgoodsevaluate", { goods_id: goodsId })).data;
  const goodsEvaluate = async () => Number((await db().selectFrom("goods").select("evaluate").where("goods_id", "=", goodsId).executeTakeFirstOrThrow()).evaluate);
  const logged = (action: string, evaluateId: number) =>
    db().selectFrom("staff_log").select("detail").where("action", "=", action).where("target_id", "=", String(evaluateId)).execute();

  /** An order evaluated with these stars and text; its evaluation's id. */
  const evaluate = async (scores: number, content: string): Promise<number> => {
    const order = await evaluableOrder(db(), member.member_id, [{ skuId, num: 1 }]);
    const body = { order_id: order.orderId, goods_evaluate: JSON.stringify([{ order_goods_id: order.lineIds[0], scores, content }]) };
    const response = await t.call<{ evaluate_ids: number[] }>("/api/goodsevaluate/add", body, { token: member.token });
    expect(response.code, response.message).toBe(0);
    return response.data.evaluate_ids[0]!;
  };
  const againOf = async (evaluateId: number, content: string) => {
    const row = await db().selectFrom("goods_evaluate").select(["order_id", "order_goods_id"]).where("evaluate_id", "=", evaluateId).executeTakeFirstOrThrow();
    const body = { order_id: row.order_id, goods_evaluate: JSON.stringify([{ order_goods_id: row.order_goods_id, again_content: content }]) };
    expect((await t.call("/api/goodsevaluate/again", body, { token: member.token })).code).toBe(0);
  };

  beforeAll(async () => {
    t = await startTestApp();
    member = await registerMember(t);
    admin = await loginTestStaff(t, "admin");
    servicer = await loginTestStaff(t, "servicer");
    const inserted = await insertGoods(db(), "审核茶杯", { goods: { price_cents: 1000, goods_stock: 1000 } });
    goodsId = inserted.goodsId;
    skuId = inserted.skuIds[0]!;
    await useEvaluateConfig(db(), { evaluate_audit: 1 });
  });
  afterAll(() => t.close());

  it("lists what waits for review; approving shows it, counts it (好评/差评) and logs who did it", async () => {
    const good = await evaluate(5, "审核通过的好评");
    const bad = await evaluate(1, "审核通过的差评");
    const waiting = (await staff<Page<StaffEvaluation>>("/shopapi/goodsevaluate/lists", { is_audit: 0, goods_id: goodsId })).data;
    expect(waiting.list.map((item) => item.evaluate_id)).toEqual([bad, good]);
    expect(waiting.list[0]).toMatchObject({ member_id: member.member_id, is_audit: 0, is_show: 0, shop_desccredit: 5, explain_type: 3 });
    expect(await counts()).toEqual({ total: 0, haoping: 0, zhongping: 0, chaping: 0 });

    for (const evaluateId of [good, bad]) expect((await staff("/shopapi/goodsevaluate/audit", { evaluate_id: evaluateId, is_audit: 1 })).code).toBe(0);
    expect(await counts()).toEqual({ total: 2, haoping: 1, zhongping: 0, chaping: 1 });
    expect(await goodsEvaluate()).toBe(2);
    expect((await shown()).map((item) => item.content).sort()).toEqual(["审核通过的好评", "审核通过的差评"].sort());
    expect(await logged("evaluate.audit", good)).toHaveLength(1);
    expect(await staff("/shopapi/goodsevaluate/audit", { evaluate_id: good, is_audit: -1 })).toMatchObject({ code: Code.ERROR, message: "该评价没有待审核的内容" });
    expect((await staff<Page<StaffEvaluation>>("/shopapi/goodsevaluate/lists", { is_audit: 0, goods_id: goodsId })).data.count).toBe(0);
  });

  it("refusing keeps it hidden; a follow-up waits on its own and is approved on its own", async () => {
    const refused = await evaluate(4, "被拒绝的评价");
    expect((await staff("/shopapi/goodsevaluate/audit", { evaluate_id: refused, is_audit: -1 })).code).toBe(0);
    expect((await shown()).some((item) => item.evaluate_id === refused)).toBe(false);
    expect((await staff<Page<StaffEvaluation>>("/shopapi/goodsevaluate/lists", { is_audit: -1, goods_id: goodsId })).data.list.map((item) => item.evaluate_id)).toEqual([refused]);

    const approved = await evaluate(5, "先通过");
    await staff("/shopapi/goodsevaluate/audit", { evaluate_id: approved, is_audit: 1 });
    await againOf(approved, "追评等审核");
    expect((await shown()).find((item) => item.evaluate_id === approved)!.again_content).toBe("");
    const waiting = (await staff<Page<StaffEvaluation>>("/shopapi/goodsevaluate/lists", { is_audit: 0, goods_id: goodsId })).data.list;
    expect(waiting.map((item) => [item.evaluate_id, item.is_audit, item.again_is_audit])).toEqual([[approved, 1, 0]]);
    expect((await staff("/shopapi/goodsevaluate/audit", { evaluate_id: approved, is_audit: 1 })).code).toBe(0);
    expect((await shown()).find((item) => item.evaluate_id === approved)!.again_content).toBe("追评等审核");
  });

  it("replies as the shop to the evaluation and to its follow-up; the goods page shows the replies", async () => {
    const evaluateId = await evaluate(3, "还行吧");
    await staff("/shopapi/goodsevaluate/audit", { evaluate_id: evaluateId, is_audit: 1 });
    expect(await staff("/shopapi/goodsevaluate/reply", { evaluate_id: evaluateId, again_explain: "谢谢追评" })).toMatchObject({ code: Code.ERROR, message: "该评价还没有追评，不能回复追评" });
    expect((await staff("/shopapi/goodsevaluate/reply", { evaluate_id: evaluateId, explain_first: "感谢您的评价，我们会改进" })).code).toBe(0);
    await againOf(evaluateId, "后来好用了");
    await staff("/shopapi/goodsevaluate/audit", { evaluate_id: evaluateId, is_audit: 1 });
    expect((await staff("/shopapi/goodsevaluate/reply", { evaluate_id: evaluateId, again_explain: "谢谢追评" })).code).toBe(0);
    expect((await shown()).find((item) => item.evaluate_id === evaluateId)).toMatchObject({ explain_first: "感谢您的评价，我们会改进", again_explain: "谢谢追评" });
    expect(await logged("evaluate.reply", evaluateId)).toHaveLength(2);
    expect((await staff("/shopapi/goodsevaluate/reply", { evaluate_id: evaluateId })).code).toBe(Code.PARAM);
    expect((await staff("/shopapi/goodsevaluate/reply", { evaluate_id: evaluateId, explain_first: "x".repeat(501) })).code).toBe(Code.PARAM);
  });

  it("deletes an evaluation: gone from the page and the counts; the order stays evaluated", async () => {
    const evaluateId = await evaluate(5, "要删除的评价");
    await staff("/shopapi/goodsevaluate/audit", { evaluate_id: evaluateId, is_audit: 1 });
    const before = await counts();
    const { order_id } = await db().selectFrom("goods_evaluate").select("order_id").where("evaluate_id", "=", evaluateId).executeTakeFirstOrThrow();
    expect((await staff("/shopapi/goodsevaluate/delete", { evaluate_id: evaluateId })).code).toBe(0);
    expect(await counts()).toEqual({ ...before, total: before.total - 1, haoping: before.haoping - 1 });
    expect(await goodsEvaluate()).toBe(before.total - 1);
    expect((await db().selectFrom("orders").select("is_evaluate").where("order_id", "=", order_id).executeTakeFirstOrThrow()).is_evaluate).toBe(1);
    expect(await logged("evaluate.delete", evaluateId)).toHaveLength(1);
    expect(await staff("/shopapi/goodsevaluate/delete", { evaluate_id: evaluateId })).toMatchObject({ code: Code.ERROR, message: "评价不存在" });
  });

  it("searches by text, goods and kind", async () => {
    await evaluate(2, "独一无二的关键字甲");
    const found = (await staff<Page<StaffEvaluation>>("/shopapi/goodsevaluate/lists", { keyword: "关键字甲" })).data.list;
    expect(found.map((item) => item.content)).toEqual(["独一无二的关键字甲"]);
    const bad = (await staff<Page<StaffEvaluation>>("/shopapi/goodsevaluate/lists", { goods_id: goodsId, explain_type: 3, page_size: 100 })).data.list;
    expect(bad.length).toBeGreaterThan(0);
    expect(bad.every((item) => item.explain_type === 3)).toBe(true);
  });

  it("refuses members, guests and staff without evaluate.manage; bad ids", async () => {
    const evaluateId = await evaluate(5, "权限");
    expect(await staff("/shopapi/goodsevaluate/audit", { evaluate_id: evaluateId, is_audit: 1 }, servicer)).toMatchObject({ code: Code.ERROR, message: "没有执行此操作的权限" });
    expect((await staff("/shopapi/goodsevaluate/lists", {}, member.token)).code).not.toBe(0);
    expect((await t.call("/shopapi/goodsevaluate/delete", { evaluate_id: evaluateId })).code).not.toBe(0);
    expect((await staff("/shopapi/goodsevaluate/audit", { evaluate_id: evaluateId, is_audit: 2 })).code).toBe(Code.PARAM);
    expect((await staff("/shopapi/goodsevaluate/audit", { evaluate_id: 0, is_audit: 1 })).code).toBe(Code.PARAM);
    expect(await staff("/shopapi/goodsevaluate/audit", { evaluate_id: 2_000_000_000, is_audit: 1 })).toMatchObject({ code: Code.ERROR, message: "评价不存在" });
    expect((await db().selectFrom("goods_evaluate").select("is_audit").where("evaluate_id", "=", evaluateId).executeTakeFirstOrThrow()).is_audit).toBe(0);
  });
});
