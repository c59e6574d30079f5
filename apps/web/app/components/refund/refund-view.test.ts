import { describe, expect, it } from "vitest";
import type { RefundLogEntry } from "@shop/contract";
import {
  activistHref, parseActivistQuery, parseIdList, positiveId, refundActionHref, refundHint, refundMoneyProblem, refundProgress,
} from "./refund-view.ts";

const log = (...statuses: number[]): RefundLogEntry[] =>
  statuses.map((refund_status, index) => ({
    refund_status, refund_status_name: "", action: "", action_way: 1, actor_name: "买家", remark: "", action_time: 1_700_000_000 + index,
  }));

describe("refund pages: what they compute", () => {
  it("sends each action of a line to its page; 撤销申请 is a call", () => {
    expect(refundActionHref("orderRefundApply", 5)).toBe("/order/refund?order_goods_id=5");
    expect(refundActionHref("orderRefundAsk", 5)).toBe("/order/refund?order_goods_id=5");
    expect(refundActionHref("orderRefundDelivery", 5)).toBe("/order/refund_detail?order_goods_id=5#refund-return");
    expect(refundActionHref("orderRefundDetail", 5)).toBe("/order/refund_detail?order_goods_id=5");
    expect(refundActionHref("orderRefundComplain", 5)).toBe("/order/complain?order_goods_id=5");
    expect(refundActionHref("orderComplainDetail", 5)).toBe("/order/complain?order_goods_id=5");
    expect(refundActionHref("orderRefundCancel", 5)).toBeNull();
  });

  it("reads the 退款/售后 URL, falling back on junk", () => {
    const query = (search: string) => parseActivistQuery(new URL(`http://shop/web/member/activist${search}`));
    expect(query("")).toEqual({ status: "all", page: 1 });
    expect(query("?status=doing&page=3")).toEqual({ status: "doing", page: 3 });
    expect(query("?status=1&page=0")).toEqual({ status: "all", page: 1 });
    expect(activistHref("all")).toBe("/member/activist");
    expect(activistHref("refused")).toBe("/member/activist?status=refused");
  });

  it("takes ids only when every part is one", () => {
    expect(positiveId("12")).toBe(12);
    expect(positiveId("0")).toBeNull();
    expect(positiveId("1.5")).toBeNull();
    expect(positiveId(null)).toBeNull();
    expect(parseIdList("3, 1,3")).toEqual([3, 1]);
    expect(parseIdList("1,x")).toBeNull();
    expect(parseIdList("")).toBeNull();
    expect(parseIdList(Array.from({ length: 101 }, (_, index) => index + 1).join(","))).toBeNull();
  });

  it("checks the amount asked against the refundable money, exactly", () => {
    expect(refundMoneyProblem("59.90", "59.90")).toBeNull();
    expect(refundMoneyProblem(" 0.01 ", "59.90")).toBeNull();
    expect(refundMoneyProblem("59.91", "59.90")).toBe("退款金额不能超过 ¥59.90");
    expect(refundMoneyProblem("0", "59.90")).toBe("退款金额不能小于 ¥0.01");
    expect(refundMoneyProblem("1.005", "59.90")).toBe("请输入正确的金额（最多两位小数）");
    expect(refundMoneyProblem("", "59.90")).toBe("请输入退款金额");
  });

  it("places a refund on its steps, refusals and closings where they happened", () => {
    expect(refundProgress({ refund_type: 1, refund_status: 1, refund_log: log(1) })).toMatchObject({ current: 1 });
    expect(refundProgress({ refund_type: 1, refund_status: 2, refund_log: log(1, 2) })).toMatchObject({ current: 2 });
    expect(refundProgress({ refund_type: 1, refund_status: 3, refund_log: log(1, 2, 3) })).toEqual({ steps: ["买家申请", "商家处理", "退款完成"], current: 3 });
    expect(refundProgress({ refund_type: 2, refund_status: 4, refund_log: log(1, 4) })).toMatchObject({ current: 2 });
    expect(refundProgress({ refund_type: 2, refund_status: 5, refund_log: log(1, 4, 5) })).toMatchObject({ current: 3 });
    expect(refundProgress({ refund_type: 2, refund_status: 6, refund_log: log(1, 4, 5, 6) })).toMatchObject({ current: 4 });
    expect(refundProgress({ refund_type: 2, refund_status: -1, refund_log: log(1, 4, 5, -1) })).toMatchObject({ current: 3, status: "error" });
    expect(refundProgress({ refund_type: 1, refund_status: -2, refund_log: log(1, -2) })).toMatchObject({ current: 1, status: "error" });
  });

  it("says what a status means and what comes next", () => {
    const base = { auto_agree_time: 0, delivery_deadline: 0, refund_real_money: "12.00", refund_way_name: "原路退回" };
    expect(refundHint({ ...base, refund_status: 1 })).toBe("您已提交退款申请，请等待商家处理。");
    expect(refundHint({ ...base, refund_status: 1, auto_agree_time: 1_700_000_000 })).toMatch(/前未处理的，系统将自动同意/);
    expect(refundHint({ ...base, refund_status: 4, delivery_deadline: 1_700_000_000 })).toMatch(/前将商品寄回并填写退货物流/);
    expect(refundHint({ ...base, refund_status: 3 })).toBe("退款已完成，共退 ¥12.00，原路退回。");
    expect(refundHint({ ...base, refund_status: -1 })).toMatch(/申请平台介入/);
  });
});
