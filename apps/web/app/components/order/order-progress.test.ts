import { describe, expect, it } from "vitest";
import type { OrderDetail } from "@shop/contract";
import { amountRows, currentStep, progressSteps, statusHint } from "./order-progress.ts";

const order = (fields: Partial<OrderDetail>) =>
  ({
    order_type: 1, order_status: 0, create_time: 100, pay_time: 0, delivery_time: 0, sign_time: 0, finish_time: 0, close_cause: "",
    goods_money: "100.00", delivery_money: "0.00", invoice_money: "0.00", promotion_money: "0.00", coupon_money: "0.00",
    point_money: "0.00", point: 0, adjust_money: "0.00", order_money: "100.00", balance_money: "0.00", pay_money: "100.00",
    ...fields,
  }) as OrderDetail;

describe("order progress", () => {
  it("has the steps of each order type and finds the last one reached", () => {
    expect(progressSteps(order({})).map((step) => step.title)).toEqual(["提交订单", "付款成功", "商家发货", "确认收货", "完成"]);
    expect(progressSteps(order({ order_type: 2 })).map((step) => step.title)).toEqual(["提交订单", "付款成功", "到店提货", "完成"]);
    expect(progressSteps(order({ order_type: 4 })).map((step) => step.title)).toEqual(["提交订单", "付款成功", "核销使用", "完成"]);
    expect(currentStep(progressSteps(order({})))).toBe(0);
    expect(currentStep(progressSteps(order({ pay_time: 200, delivery_time: 300 })))).toBe(2);
  });

  it("explains the status", () => {
    expect(statusHint(order({ order_status: -1, close_cause: "超时未支付，系统自动关闭" }), "")).toBe("关闭原因：超时未支付，系统自动关闭");
    expect(statusHint(order({}), "05-01 10:00")).toBe("请在 05-01 10:00 前完成付款，逾期订单将自动关闭");
    expect(statusHint(order({ order_status: 4, order_type: 2 }), "")).toBe("您已提货，感谢您的惠顾");
  });

  it("lists only the amounts that apply, with their signs", () => {
    const rows = amountRows(order({ delivery_money: "8.00", adjust_money: "-5.50", order_money: "102.50", balance_money: "10.00", point: 200, point_money: "2.00" }));
    expect(rows.map((row) => [row.label, row.sign, row.value])).toEqual([
      ["商品金额", "", "100.00"],
      ["运费", "+", "8.00"],
      ["积分抵扣（200 积分）", "-", "2.00"],
      ["商家调价", "-", "5.50"],
      ["订单总额", "", "102.50"],
      ["余额抵扣", "-", "10.00"],
    ]);
  });
});
