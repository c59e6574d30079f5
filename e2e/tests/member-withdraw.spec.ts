import { test, expect, type Locator, type Page } from "@playwright/test";
import { DEMO_MEMBER, logInThroughApi, registerShopper, staffSession, watchErrors, withServerDb } from "./support.ts";
import { describeViolations, runAxe } from "./axe.ts";

/**
 * Withdrawals as a member does them (SPEC §2 /member/account_list, account_edit, apply_withdrawal,
 * withdrawal, withdrawal_detail; issue 10): add a bank card (checked as typed) and an Alipay
 * account, choose the default → apply (the minimum, the fee and what arrives shown as the amount is
 * typed) → the amount is frozen → staff refuse it: the record says why and the money is back → with
 * a pay password set, 全部提现 → staff agree and transfer → 已转账. Another member reaches neither
 * the records nor the accounts. The shop's settings come from the seed (¥10.00 minimum, 0.6 % fee).
 */

// axe arrives as an inline script tag, which the pages' CSP (nonce-only, tested in csp.spec.ts) blocks.
test.use({ bypassCSP: true });

const figure = (page: Page, key: "withdrawable" | "frozen" | "withdrawn") => page.getByTestId(`withdraw-${key}`);
/** The 默认 tag of an account card. */
const defaultTag = (card: Locator) => card.locator(".withdraw-account-tag");
const saveButton = (page: Page) => page.getByRole("button", { name: /^保\s*存$/ });

test("bank card and Alipay account → apply → refused and given back → apply all with the pay password → transferred", async ({ page, browser }) => {
  const errors = watchErrors(page);
  const shopper = await registerShopper(page.context().request, "wd");
  withServerDb(`await fixtures.grantAccount(db, ${shopper.memberId}, "balance", 30000, "e2e-withdraw-" + Date.now());`);

  // No account yet: the list says so and offers to add one.
  await page.goto("/web/member/account_list");
  await expect(page).toHaveTitle(/^账户列表/);
  await expect(page.getByText("您还没有添加提现账户")).toBeVisible();
  await page.getByRole("button", { name: "添加提现账户" }).click();
  await expect(page).toHaveURL(/\/web\/member\/account_edit$/);

  // A bank card: the form checks what is typed with the server's rules.
  await saveButton(page).click();
  await expect(page.getByText("请输入真实姓名", { exact: true })).toBeVisible();
  await page.getByLabel("开户名").fill("李娜");
  await page.getByLabel("手机号").fill("13800138000");
  await page.getByRole("combobox", { name: "开户银行" }).fill("招商银行 上海张江支行");
  await page.getByLabel("银行卡号").fill("6225 8821");
  await page.getByLabel("银行卡号").blur();
  await expect(page.getByText("请输入正确的银行卡号（12–19 位数字）")).toBeVisible();
  await page.getByLabel("银行卡号").fill("6225882134567890");
  await expect(page.getByLabel("银行卡号")).toHaveValue("6225 8821 3456 7890");
  await saveButton(page).click();
  await expect(page).toHaveURL(/\/web\/member\/account_list$/);
  const card = page.getByRole("article", { name: "招商银行 上海张江支行 6225 **** **** 7890" });
  await expect(defaultTag(card)).toHaveText("默认");
  await expect(card).toContainText("招商银行 上海张江支行");

  // An Alipay account, made the default; then the card again, from the list.
  await page.getByRole("button", { name: "添加提现账户" }).click();
  await page.locator(".ant-radio-button-wrapper", { hasText: "支付宝" }).click();
  await expect(page.getByRole("combobox", { name: "开户银行" })).toHaveCount(0);
  await page.getByLabel("真实姓名").fill("李娜");
  await page.getByLabel("手机号").fill("13800138000");
  await page.getByLabel("支付宝账号").fill("not-an-account");
  await page.getByLabel("支付宝账号").blur();
  await expect(page.getByText("请输入正确的支付宝账号（手机号或邮箱）")).toBeVisible();
  await page.getByLabel("支付宝账号").fill("lina_e2e@163.com");
  await page.getByText("设为默认提现账户").click();
  await saveButton(page).click();
  await expect(page).toHaveURL(/\/web\/member\/account_list$/);
  const alipay = page.getByRole("article", { name: "支付宝 lin***@163.com" });
  await expect(defaultTag(alipay)).toHaveText("默认");
  await expect(defaultTag(card)).toHaveCount(0);
  await card.getByRole("button", { name: "设为默认" }).click();
  await expect(defaultTag(card)).toHaveText("默认");
  await expect(defaultTag(alipay)).toHaveCount(0);

  // Apply: the card is chosen (the default); the minimum, then the fee and what arrives as the amount is typed.
  await page.getByRole("link", { name: "申请提现" }).click();
  await expect(page).toHaveURL(/\/web\/member\/apply_withdrawal$/);
  await expect(figure(page, "withdrawable")).toHaveText("¥300.00");
  await expect(page.getByRole("radio", { name: /招商银行/ })).toBeChecked();
  const amount = page.getByLabel("提现金额");
  await amount.fill("5");
  await amount.blur();
  await expect(page.getByText("单笔提现金额不能低于 ¥10.00")).toBeVisible();
  await amount.fill("123.45");
  await expect(page.getByTestId("withdraw-fee")).toHaveText("¥0.74");
  await expect(page.getByTestId("withdraw-arrive")).toHaveText("¥122.71");
  await page.getByRole("button", { name: "确认提现" }).click();
  await expect(page).toHaveURL(/\/web\/member\/withdrawal_detail\?id=\d+$/);
  const firstDetail = page.url();
  await expect(page.locator(".withdraw-detail-head")).toContainText("待审核");
  await expect(page.getByTestId("withdraw-detail-amount")).toHaveText("¥123.45");
  await expect(page.locator(".withdraw-info")).toContainText("6225 8821 3456 7890");

  // The records: frozen until reviewed.
  await page.getByRole("link", { name: "返回提现记录" }).click();
  await expect(page).toHaveURL(/\/web\/member\/withdrawal$/);
  await expect(figure(page, "withdrawable")).toHaveText("¥176.55");
  await expect(figure(page, "frozen")).toHaveText("¥123.45");
  await expect(page.locator(".withdraw-table tbody tr")).toHaveCount(1);
  await expect(page.locator(".withdraw-table tbody tr")).toContainText("待审核");

  // Staff refuse it: the reason on the record, the money back, once.
  const staff = await staffSession(page.request);
  const id = Number(new URL(firstDetail).searchParams.get("id"));
  await staff("/shopapi/memberwithdraw/refuse", { id, refuse_reason: "开户名与实名信息不一致" });
  await page.goto(firstDetail);
  await expect(page.locator(".withdraw-detail-head")).toContainText("已拒绝");
  await expect(page.getByText("审核未通过，金额已退回余额")).toBeVisible();
  await expect(page.getByText("原因：开户名与实名信息不一致")).toBeVisible();
  await page.goto("/web/member/withdrawal?status=-1");
  await expect(page.getByRole("link", { name: "已拒绝" })).toHaveAttribute("aria-current", "page");
  await expect(page.locator(".withdraw-table tbody tr")).toHaveCount(1);
  await expect(figure(page, "withdrawable")).toHaveText("¥300.00");
  await expect(figure(page, "frozen")).toHaveText("¥0.00");
  await page.goto("/web/member/withdrawal?status=2");
  await expect(page.getByText("暂无已转账的提现")).toBeVisible();

  // With a pay password set the form asks for it: 全部提现 to the Alipay account, a wrong password first.
  withServerDb(`await db.updateTable("member").set({ pay_password: await hashPassword("135790") }).where("member_id", "=", ${shopper.memberId}).execute();`);
  await page.goto("/web/member/apply_withdrawal");
  await page.getByRole("radio", { name: /支付宝/ }).check();
  await page.getByRole("button", { name: "全部提现" }).click();
  await expect(amount).toHaveValue("300.00");
  await expect(page.getByTestId("withdraw-arrive")).toHaveText("¥298.20");
  await page.getByLabel("支付密码").fill("111111");
  await page.getByRole("button", { name: "确认提现" }).click();
  await expect(page.getByText("支付密码错误，还可尝试 4 次")).toBeVisible();
  await expect(page).toHaveURL(/\/web\/member\/apply_withdrawal$/);
  await page.getByLabel("支付密码").fill("135790");
  await page.getByRole("button", { name: "确认提现" }).click();
  await expect(page).toHaveURL(/\/web\/member\/withdrawal_detail\?id=\d+$/);
  const secondId = Number(new URL(page.url()).searchParams.get("id"));
  await expect(page.locator(".withdraw-info")).toContainText("lina_e2e@163.com");

  // Staff agree and pay it out: 已转账, counted as withdrawn.
  await staff("/shopapi/memberwithdraw/agree", { id: secondId });
  await staff("/shopapi/memberwithdraw/transfer", { id: secondId, certificate_remark: "支付宝转账单号 2088000000001" });
  await page.reload();
  await expect(page.locator(".withdraw-detail-head")).toContainText("已转账");
  await expect(page.locator(".withdraw-info")).toContainText("支付宝转账单号 2088000000001");
  await page.goto("/web/member/withdrawal");
  await expect(figure(page, "withdrawable")).toHaveText("¥0.00");
  await expect(figure(page, "withdrawn")).toHaveText("¥300.00");
  await expect(page.locator(".withdraw-table tbody tr")).toHaveCount(2);

  // Deleting an account asks first; the withdrawals keep their copy of it.
  await page.goto("/web/member/account_list");
  await alipay.getByRole("button", { name: /删\s*除/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: /删\s*除/ }).click();
  await expect(alipay).toHaveCount(0);
  const cardId = Number(await card.getAttribute("data-account-id"));
  await page.goto(`/web/member/withdrawal_detail?id=${secondId}`);
  await expect(page.locator(".withdraw-info")).toContainText("lina_e2e@163.com");

  // Another member sees neither the records nor the accounts.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await registerShopper(other.request, "wd");
  const response = await otherPage.goto(firstDetail);
  expect(response?.status()).toBe(404);
  await expect(otherPage.getByText("提现记录不存在")).toBeVisible();
  await otherPage.goto("/web/member/withdrawal");
  await expect(otherPage.getByText("暂无提现记录")).toBeVisible();
  await otherPage.goto(`/web/member/account_edit?id=${cardId}`);
  await expect(otherPage.getByText("提现账户不存在")).toBeVisible();
  await other.close();
  expect(errors).toEqual([]);
});

/** No serious accessibility violation on the page as it is now (the rules of a11y.spec.ts). */
async function expectAccessible(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.mouse.move(0, 0);
  await expect(async () => {
    const { failures } = await runAxe(page);
    expect(failures.length, `${page.url()}:\n${describeViolations(failures)}`).toBe(0);
  }).toPass({ timeout: 5000 });
}

test("the demo member's seeded accounts and withdrawals in every status: each page alive, accessible, without errors", async ({ page }) => {
  const errors = watchErrors(page);
  await logInThroughApi(page.request, DEMO_MEMBER);
  await page.goto("/web/member/account_list");
  await expect(page.locator(".withdraw-account-card")).toHaveCount(2);
  await expectAccessible(page);
  await page.goto("/web/member/account_edit");
  await expectAccessible(page);
  await page.goto("/web/member/apply_withdrawal");
  await expect(page.getByRole("button", { name: "确认提现" })).toBeVisible();
  await expectAccessible(page);
  await page.goto("/web/member/withdrawal");
  const rows = page.locator(".withdraw-table tbody tr");
  await expect(rows).toHaveCount(5);
  for (const status of ["待审核", "待转账", "已转账", "已拒绝", "转账失败"]) await expect(rows.filter({ hasText: status })).toHaveCount(1);
  await expectAccessible(page);
  const details = await rows.getByRole("link", { name: /详情/ }).evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
  for (const href of details) {
    await page.goto(href);
    await expect(page.locator(".withdraw-progress")).toBeVisible();
    await expectAccessible(page);
  }
  expect(errors).toEqual([]);
});
