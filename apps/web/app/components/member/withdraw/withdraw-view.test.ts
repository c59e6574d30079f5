import { describe, expect, it } from "vitest";
import { accountEditPath, accountSummary, amountProblem, maskAccountNumber, parseWithdrawalQuery, previewFee, withdrawSteps, withdrawalTabHref } from "./withdraw-view.ts";

describe("withdrawal pages' arithmetic and texts", () => {
  it("works out the fee the server will charge: rounded half up to a cent, from the typed amount", () => {
    expect(previewFee("123.45", { rate: 0.6 })).toEqual({ applyCents: 12345, feeCents: 74, arriveCents: 12271 });
    expect(previewFee("100", { rate: 0 })).toEqual({ applyCents: 10000, feeCents: 0, arriveCents: 10000 });
    // 0.6 % of ¥0.75 is 0.45 cents → 0; of ¥2.50 exactly 1.5 cents → 2
    expect(previewFee("0.75", { rate: 0.6 })?.feeCents).toBe(0);
    expect(previewFee("2.50", { rate: 0.6 })?.feeCents).toBe(2);
    expect(previewFee("abc", { rate: 0.6 })).toBeNull();
    expect(previewFee("1.005", { rate: 0.6 })).toBeNull();
  });

  it("says why an amount cannot be applied for", () => {
    const limits = { minCents: 1000, withdrawableCents: 5000 };
    expect(amountProblem("", limits)).toBe("请输入提现金额");
    expect(amountProblem("12.345", limits)).toBe("请输入正确的金额（最多两位小数）");
    expect(amountProblem("0", limits)).toBe("请输入正确的金额（最多两位小数）");
    expect(amountProblem("9.99", limits)).toBe("单笔提现金额不能低于 ¥10.00");
    expect(amountProblem("50.01", limits)).toBe("提现金额不能超过可提现余额");
    expect(amountProblem(" 50 ", limits)).toBeNull();
  });

  it("hides the middle of account numbers", () => {
    expect(maskAccountNumber("6225882134567890")).toBe("6225 **** **** 7890");
    expect(maskAccountNumber("13800138000")).toBe("138****8000");
    expect(maskAccountNumber("lina_demo@163.com")).toBe("lin***@163.com");
    expect(accountSummary({ withdraw_type: "bank", branch_bank_name: "招商银行 上海张江支行", bank_account: "6225882134567890" })).toBe("招商银行 上海张江支行 尾号7890");
    expect(accountSummary({ withdraw_type: "alipay", branch_bank_name: "", bank_account: "13800138000" })).toBe("支付宝 138****8000");
  });

  it("reads the list's query and builds the pages' links", () => {
    expect(parseWithdrawalQuery(new URL("http://x/web/member/withdrawal?status=-1&page=3"))).toEqual({ status: -1, page: 3 });
    expect(parseWithdrawalQuery(new URL("http://x/web/member/withdrawal?status=9&page=-2"))).toEqual({ status: "all", page: 1 });
    expect(withdrawalTabHref("all")).toBe("/member/withdrawal");
    expect(withdrawalTabHref(0)).toBe("/member/withdrawal?status=0");
    expect(accountEditPath()).toBe("/member/account_edit");
    expect(accountEditPath(5, "/member/apply_withdrawal")).toBe("/member/account_edit?id=5&back=%2Fmember%2Fapply_withdrawal");
  });

  it("shows the progress of each status, stopping in red where money went back", () => {
    const times = { apply_time: 1_700_000_000, audit_time: 1_700_003_600, payment_time: 0, fail_time: 0 };
    expect(withdrawSteps({ ...times, status: 0, audit_time: 0 })).toMatchObject({ current: 1, failed: false });
    expect(withdrawSteps({ ...times, status: 1 }).items.map((item) => item.title)).toEqual(["提交申请", "审核通过", "等待转账", "到账"]);
    expect(withdrawSteps({ ...times, status: 2, payment_time: 1_700_007_200 })).toMatchObject({ current: 3, failed: false });
    const refused = withdrawSteps({ ...times, status: -1 });
    expect(refused).toMatchObject({ current: 1, failed: true });
    expect(refused.items[1]).toEqual({ title: "审核未通过", description: "2023-11-15 07:13 金额已退回余额" });
    expect(withdrawSteps({ ...times, status: -2, fail_time: 1_700_010_000 }).items.map((item) => item.title)).toEqual(["提交申请", "审核通过", "转账失败"]);
  });
});
