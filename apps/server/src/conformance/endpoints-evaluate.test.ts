import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, StaffEvaluation } from "@shop/contract";
import type { TestApp } from "../test/harness.ts";
import { loginTestStaff } from "../modules/order/test-fixtures.ts";
import { evaluableOrder, useEvaluateConfig, type EvaluableOrder } from "../modules/evaluate/test-fixtures.ts";
import { ReferenceClient } from "./reference-client.ts";
import { physicalSkus, signedInClient, startReferenceShop } from "./fixtures.ts";

/**
 * Evaluations as the reference's evaluation page sends them (docs/api/evaluate.md): goods_evaluate
 * as a JSON string, the shop scores beside it, then the follow-up; and the staff calls that review,
 * reply and delete (ours).
 */
describe("conformance: evaluations", () => {
  let t: TestApp;
  let member: ReferenceClient & { memberId: number };
  let staff: ReferenceClient;
  let order: EvaluableOrder;
  let evaluateId: number;
  let skuId: number;

  beforeAll(async () => {
    t = await startReferenceShop();
    member = await signedInClient(t);
    staff = new ReferenceClient(t, await loginTestStaff(t, "admin"));
    await useEvaluateConfig(t.app.deps.db, { evaluate_audit: 1 });
    skuId = (await physicalSkus(t, 1))[0]!;
    order = await evaluableOrder(t.app.deps.db, member.memberId, [{ skuId, num: 1 }]);
  });
  afterAll(() => t.close());

  it("/api/goodsevaluate/add takes the reference's payload (explain_type and order_no as its page sends them)", async () => {
    await member.reads("/api/goodsevaluate/add", {
      order_id: order.orderId,
      order_no: "reference-sends-it",
      member_name: "reference-sends-it",
      member_headimg: "",
      is_anonymous: 0,
      goods_evaluate: JSON.stringify([{ order_goods_id: order.lineIds[0], sku_id: skuId, content: "参考客户端的评价", images: "", scores: 5, explain_type: 1 }]),
      shop_desccredit: 5, shop_servicecredit: 4, shop_deliverycredit: 5,
    });
    expect((await member.refused("/api/goodsevaluate/add", { order_id: order.orderId, goods_evaluate: "[]" })).message).toMatch(/goods_evaluate/);
  });

  it("/shopapi/goodsevaluate/lists, audit and reply answer the shop's review", async () => {
    const waiting = await staff.reads<Page<StaffEvaluation>>("/shopapi/goodsevaluate/lists", { is_audit: 0, page: 1, page_size: 10 });
    evaluateId = waiting.list.find((item) => item.order_id === order.orderId)!.evaluate_id;
    await staff.reads("/shopapi/goodsevaluate/audit", { evaluate_id: evaluateId, is_audit: 1 });
    await staff.reads("/shopapi/goodsevaluate/reply", { evaluate_id: evaluateId, explain_first: "感谢支持" });
  });

  it("/api/goodsevaluate/again takes again_content / again_images in the JSON string", async () => {
    await member.reads("/api/goodsevaluate/again", {
      order_id: order.orderId,
      goods_evaluate: JSON.stringify([{ order_goods_id: order.lineIds[0], again_content: "用了一周，依然满意", again_images: "" }]),
    });
    expect((await member.refused("/api/goodsevaluate/again", { order_id: order.orderId, goods_evaluate: JSON.stringify([{ order_goods_id: order.lineIds[0], again_content: "再一次" }]) })).message)
      .toBe("订单已追评，每笔订单只能追评一次");
  });

  it("/shopapi/goodsevaluate/delete removes it", async () => {
    await staff.reads("/shopapi/goodsevaluate/delete", { evaluate_id: evaluateId });
    expect((await staff.refused("/shopapi/goodsevaluate/delete", { evaluate_id: evaluateId })).message).toBe("评价不存在");
  });
});
