import { test, expect } from "@playwright/test";
import { api, logInToConsole, registerShopper, watchErrors } from "./support.ts";

/**
 * 会员 in the console (issue 23): staff find a fresh member in 会员列表, open 会员详情 and add
 * ¥25.50 to its balance with a reason (a missing reason is refused in the dialog first); the
 * ledger row shows in the console's 账户流水, and the member's own balance page in the storefront
 * shows the new balance and the row with the reason. The member then asks to withdraw ¥10, and
 * staff agree to it and mark it transferred in 提现审核 (?status=0 lists those awaiting review).
 */
const SHOTS = ".cache/console-members";

test("staff find a member and adjust its balance with a reason; the console's ledger and the member's balance page show it", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const shopperContext = await browser.newContext();
  const shopper = await registerShopper(shopperContext.request, "cm");
  const reason = `客诉补偿${Date.now().toString(36).slice(-4)}`;

  await logInToConsole(page);
  await page.goto("/console/member");
  await expect(page.getByRole("heading", { name: "会员列表" })).toBeVisible();
  await page.getByLabel("会员", { exact: true }).fill(shopper.username);
  await page.getByRole("button", { name: /查\s*询/ }).click();
  await expect(page).toHaveURL(new RegExp(`search_text=${shopper.username}`));
  const row = page.getByRole("row", { name: new RegExp(shopper.username) });
  await expect(row).toHaveCount(1);
  await expect(page.locator(".ant-table-tbody tr.ant-table-row")).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}-list.png`, fullPage: true });
  await row.getByRole("link", { name: "详情" }).click();

  await expect(page.getByRole("heading", { name: "会员详情" })).toBeVisible();
  await expect(page.getByTestId("member-balance")).toHaveText("¥0.00");
  await page.getByRole("button", { name: "调整余额" }).click();
  const dialog = page.getByRole("dialog", { name: "调整余额" });
  await dialog.getByLabel("调整金额（元）").fill("25.50");
  await dialog.getByRole("button", { name: "确定调整" }).click();
  await expect(dialog.getByText("请填写调整原因")).toBeVisible();
  await dialog.getByLabel("调整原因").fill(reason);
  await page.screenshot({ path: `${SHOTS}-adjust.png`, fullPage: true });
  await dialog.getByRole("button", { name: "确定调整" }).click();
  await expect(page.getByText("余额已调整")).toBeVisible();
  await expect(page.getByTestId("member-balance")).toHaveText("¥25.50");

  await page.getByRole("tab", { name: "账户流水" }).click();
  const ledgerRow = page.getByRole("tabpanel", { name: "账户流水" }).getByRole("row", { name: new RegExp(reason) });
  await expect(ledgerRow).toContainText("+25.50");
  await expect(ledgerRow).toContainText("后台调整");
  await page.screenshot({ path: `${SHOTS}-ledger.png`, fullPage: true });

  const shopperPage = await shopperContext.newPage();
  await shopperPage.goto("/web/member/account");
  await expect(shopperPage.getByTestId("account-balance")).toHaveText("25.50");
  await expect(shopperPage.getByText(reason)).toBeVisible();
  await shopperPage.screenshot({ path: `${SHOTS}-storefront.png`, fullPage: true });

  await api(shopperContext.request, "/api/memberwithdraw/apply", {
    apply_money: 10, transfer_type: "alipay", realname: "张三", mobile: "13800138000", account_number: "13800138000",
  });
  await shopperContext.close();
  await page.goto("/console/member/withdraw?status=0");
  await expect(page.getByRole("heading", { name: "提现审核" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "待审核" })).toHaveAttribute("aria-selected", "true");
  const withdrawRow = page.getByRole("row", { name: new RegExp(shopper.username) });
  await expect(withdrawRow).toContainText("¥10.00");
  await page.screenshot({ path: `${SHOTS}-withdraw.png`, fullPage: true });
  await withdrawRow.getByRole("button", { name: "同意" }).click();
  await page.locator(".ant-popconfirm").getByRole("button", { name: /确\s*定/ }).click();
  await expect(page.getByText(/已同意提现/)).toBeVisible();
  await expect(withdrawRow).toHaveCount(0);
  await page.getByRole("tab", { name: "待转账" }).click();
  await expect(page).toHaveURL(/status=1/);
  await page.getByRole("row", { name: new RegExp(shopper.username) }).getByRole("button", { name: "已转账" }).click();
  const transfer = page.getByRole("dialog");
  await transfer.getByLabel("转账备注（如银行流水号）").fill("支付宝流水 2026120800001");
  await transfer.getByRole("button", { name: /确\s*定/ }).click();
  await expect(page.getByText("已标记为已转账")).toBeVisible();
  await page.getByRole("tab", { name: "已转账" }).click();
  await expect(page.getByRole("row", { name: new RegExp(shopper.username) })).toContainText("已转账");
  expect(errors).toEqual([]);
});

test("staff add a member label (a missing name refused in the form) and find it in the label list", async ({ page }) => {
  const errors = watchErrors(page);
  const label = `复购客户${Date.now().toString(36).slice(-4)}`;
  await logInToConsole(page);
  await page.goto("/console/member/label");
  await expect(page.getByRole("heading", { name: "会员标签" })).toBeVisible();
  await page.getByRole("button", { name: "添加标签" }).click();
  const drawer = page.getByRole("dialog");
  await drawer.getByRole("button", { name: /保\s*存/ }).click();
  await expect(drawer.getByText("请填写标签名称")).toBeVisible();
  await drawer.getByLabel("标签名称").fill(label);
  await drawer.getByRole("button", { name: /保\s*存/ }).click();
  await expect(page.getByText(`标签「${label}」已添加`)).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(label) })).toContainText("0");
  await page.screenshot({ path: `${SHOTS}-labels.png`, fullPage: true });
  expect(errors).toEqual([]);
});
