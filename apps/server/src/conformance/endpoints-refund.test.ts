import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, StaffComplainListItem } from "@shop/contract";
import type { TestApp } from "../test/harness.ts";
import { grantAccount, loginTestStaff } from "../modules/order/test-fixtures.ts";
import { markShipped, paidOrder, type PaidOrder } from "../modules/refund/test-fixtures.ts";
import { ReferenceClient } from "./reference-client.ts";
import { physicalSkus, signedInClient, startReferenceShop } from "./fixtures.ts";

/**
 * Refunds and complaints as a client of the reference's after-sales pages calls them
 * (docs/api/refund.md): order_goods_id as the key, the reference's field names; the batch form,
 * complaints and the staff calls are ours.
 */
describe("conformance: refunds and complaints", () => {
  let t: TestApp;
  let member: ReferenceClient & { memberId: number };
  let staff: ReferenceClient;
  let order: PaidOrder;

  beforeAll(async () => {
    t = await startReferenceShop();
    member = await signedInClient(t);
    staff = new ReferenceClient(t, await loginTestStaff(t, "admin"));
    await grantAccount(t.app.deps.db, member.memberId, "balance", 1_000_000, `conformance-refund-${member.memberId}`);
    const skus = await physicalSkus(t, 4);
    order = await paidOrder(t.app.deps.db, { memberId: member.memberId, lines: skus.map((skuId) => ({ skuId, num: 1 })) });
    await markShipped(t.app.deps.db, order.orderId);
  });
  afterAll(() => t.close());

  it("仅退款: refundData, refundDataBatch, refund, detail, lists; the shop agrees and sends the money", async () => {
    const [line] = order.lineIds as [number];
    const data = await member.reads<{ refund_type: number[] }>("/api/orderrefund/refundData", { order_goods_id: line });
    expect(data.refund_type).toEqual([1, 2]);
    await member.reads("/api/orderrefund/refundDataBatch", { order_id: order.orderId });
    await member.reads("/api/orderrefund/refund", { order_goods_ids: String(line), refund_type: 1, refund_reason: "协商一致退款", refund_remark: "", refund_images: "" });
    await member.reads("/api/orderrefund/detail", { order_goods_id: line });
    await member.reads("/api/orderrefund/lists", { page: 1, page_size: 10 });
    await staff.reads("/shopapi/orderrefund/lists", { page: 1, page_size: 10 });
    await staff.reads("/shopapi/orderrefund/detail", { order_goods_id: line });
    expect(await staff.reads("/shopapi/orderrefund/agree", { order_goods_id: line })).toEqual({ refund_status: 2 });
    await staff.reads("/shopapi/orderrefund/transfer", { order_goods_id: line });
  });

  it("退货退款: the buyer's delivery after the shop agreed, the shop receives and sends the money", async () => {
    const line = order.lineIds[1]!;
    await member.reads("/api/orderrefund/refund", { order_goods_id: line, refund_type: 2, refund_reason: "商品质量问题" });
    await staff.reads("/shopapi/orderrefund/agree", { order_goods_id: line });
    const detail = await member.reads<{ refund_address: unknown }>("/api/orderrefund/detail", { order_goods_id: line });
    expect(detail.refund_address).not.toBeNull();
    await member.reads("/api/orderrefund/delivery", { order_goods_id: line, refund_delivery_name: "顺丰速运", refund_delivery_no: "SF1000", refund_delivery_remark: "" });
    await staff.reads("/shopapi/orderrefund/receive", { order_goods_id: line });
    await staff.reads("/shopapi/orderrefund/transfer", { order_goods_id: line });
  });

  it("refused refunds: a complaint withdrawn, another handled by the platform; a refused refund given up", async () => {
    const [withdrawn, handled] = [order.lineIds[2]!, order.lineIds[3]!];
    for (const line of [withdrawn, handled]) {
      await member.reads("/api/orderrefund/refund", { order_goods_id: line, refund_type: 1, refund_reason: "其他" });
      await staff.reads("/shopapi/orderrefund/refuse", { order_goods_id: line, refund_refuse_reason: "商品无质量问题" });
      await member.reads("/api/ordercomplain/complain", { order_goods_id: line, complain_reason: "商家无理拒绝退款", complain_remark: "", complain_images: "" });
    }
    await member.reads("/api/ordercomplain/detail", { order_goods_id: handled });
    await member.reads("/api/ordercomplain/cancel", { order_goods_id: withdrawn });
    await member.reads("/api/orderrefund/cancel", { order_goods_id: withdrawn });
    await member.reads("/api/ordercomplain/lists", { page: 1, page_size: 10 });
    const waiting = await staff.reads<Page<StaffComplainListItem>>("/shopapi/ordercomplain/lists", { complain_status: 1 });
    const complainId = waiting.list.find((item) => item.order_goods_id === handled)!.complain_id;
    await staff.reads("/shopapi/ordercomplain/detail", { complain_id: complainId });
    expect(await staff.reads("/shopapi/ordercomplain/handle", { complain_id: complainId, handle_remark: "已核实，同意退款", agree_refund: 1 })).toEqual({ complain_status: 2, refund_status: 2 });
  });
});
