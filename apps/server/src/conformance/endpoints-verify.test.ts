import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, VerifyOutcome, VerifyRecord } from "@shop/contract";
import type { TestApp } from "../test/harness.ts";
import { loginTestStaff } from "../modules/order/test-fixtures.ts";
import { OrderType } from "../modules/order/state-machine.ts";
import { codeOrder } from "../modules/verify/test-fixtures.ts";
import { ReferenceClient } from "./reference-client.ts";
import { physicalSkus, signedInClient, startReferenceShop } from "./fixtures.ts";

/**
 * Verification as the reference's verification pages call it (docs/api/verify.md): a member the
 * staff made a verifier checks its role, looks a pickup code up, uses it and reads its records;
 * the staff's verifier calls and a virtual goods' validity (ours).
 */
describe("conformance: verification", () => {
  let t: TestApp;
  let staff: ReferenceClient;
  let verifier: ReferenceClient & { memberId: number };
  let buyer: ReferenceClient & { memberId: number };
  let skuId: number;
  beforeAll(async () => {
    t = await startReferenceShop();
    staff = new ReferenceClient(t, await loginTestStaff(t, "admin"));
    verifier = await signedInClient(t);
    buyer = await signedInClient(t);
    [skuId] = await physicalSkus(t, 1) as [number];
  });
  afterAll(() => t.close());

  it("/shopapi/verifier/add grants the role, /shopapi/verifier/lists shows it; /api/verify/checkisverifier and getVerifyType answer", async () => {
    await staff.reads("/shopapi/verifier/add", { member_id: verifier.memberId, verifier_name: "门店核销员" });
    const verifiers = await staff.reads<Page<{ member_id: number }>>("/shopapi/verifier/lists", { page: 1, page_size: 10 });
    expect(verifiers.list.map((row) => row.member_id)).toContain(verifier.memberId);
    await verifier.reads("/api/verify/checkisverifier");
    expect(await new ReferenceClient(t).reads("/api/verify/getVerifyType")).toEqual({ pickup: { name: "订单自提" }, virtualgoods: { name: "虚拟商品" } });
    expect((await buyer.refused("/api/verify/checkisverifier", {}, -1)).message).toBe("您不是核销员");
  });

  it("/api/verify/verifyInfo, verify, lists and detail answer the verification pages", async () => {
    const order = await codeOrder(t, buyer.memberId, skuId);
    expect(await verifier.reads("/api/verify/verifyInfo", { verify_code: order.code })).toMatchObject({ is_verify: 0 });
    await verifier.reads("/api/verify/verify", { verify_code: order.code });
    const records = await verifier.reads<Page<VerifyRecord>>("/api/verify/lists", { verify_type: "all", page: 1, page_size: 10 });
    const record = records.list.find((row) => row.order_id === order.orderId)!;
    expect(await verifier.reads("/api/verify/detail", { id: record.id })).toMatchObject({ verify_code: order.code });
    expect((await verifier.refused("/api/verify/verify", { verify_code: order.code }, -1)).message).toBe("核销码已使用");
    const outcome = await verifier.data<VerifyOutcome>("/api/verify/verify", { verify_code: (await codeOrder(t, buyer.memberId, skuId, { orderType: OrderType.VIRTUAL })).code });
    expect(outcome.order_status_name).toBe("已使用");
  });

  it("/shopapi/goods/editvirtualindate sets a seeded voucher's validity; /shopapi/verifier/delete withdraws the role", async () => {
    const voucher = await t.app.deps.db.selectFrom("goods").select("goods_id").where("goods_class", "=", 2).orderBy("goods_id").executeTakeFirstOrThrow();
    await staff.reads("/shopapi/goods/editvirtualindate", { goods_id: voucher.goods_id, virtual_indate: 30 });
    const { list } = await staff.data<Page<{ verifier_id: number; member_id: number }>>("/shopapi/verifier/lists", { page: 1, page_size: 10 });
    await staff.reads("/shopapi/verifier/delete", { verifier_id: list.find((row) => row.member_id === verifier.memberId)!.verifier_id });
    expect((await verifier.refused("/api/verify/lists", {}, -1)).message).toBe("您不是核销员");
  });
});
