import { test, expect, type Page } from "@playwright/test";
import { logInToConsole, watchErrors } from "./support.ts";

/**
 * The list pages that share one load, add/edit drawer, row actions and filter form
 * (lib/use-staff-query.ts, lib/use-record-drawer.ts, components/RowActions.tsx, ListFilters): a goods
 * label added, renamed and deleted; stores filtered by status in the URL, one edited; each page's
 * screenshot kept for a look.
 */
const SHOTS = ".cache/console-list-pages";

const drawer = (page: Page) => page.getByRole("dialog");
const save = (page: Page) => drawer(page).getByRole("button", { name: /保\s*存/ }).click();

test("a goods label is added, renamed and deleted through the shared drawer and row actions", async ({ page }) => {
  const errors = watchErrors(page);
  const name = `标签${Date.now().toString(36).slice(-5)}`;
  await logInToConsole(page);
  await page.goto("/console/goods/label");
  await expect(page.getByRole("heading", { name: "商品标签" })).toBeVisible();
  await page.getByRole("button", { name: "添加标签" }).click();
  await expect(drawer(page).getByText("添加商品标签")).toBeVisible();
  await save(page);
  await expect(drawer(page).getByText("请输入标签名称")).toBeVisible();
  await drawer(page).getByLabel("标签名称").fill(name);
  await save(page);
  await expect(page.getByText(`商品标签「${name}」已添加`)).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toBeVisible();

  await row.getByRole("button", { name: "编辑" }).click();
  await expect(drawer(page).getByText("编辑商品标签")).toBeVisible();
  await expect(drawer(page).getByLabel("标签名称")).toHaveValue(name);
  await drawer(page).getByLabel("标签名称").fill(`${name}改`);
  await save(page);
  await expect(page.getByText("商品标签已保存")).toBeVisible();
  const renamed = page.getByRole("row", { name: new RegExp(`${name}改`) });
  await expect(renamed).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-goods-label.png`, fullPage: true });

  await renamed.getByRole("button", { name: "删除" }).click();
  await page.locator(".ant-popconfirm").getByRole("button", { name: /确\s*定/ }).click();
  await expect(page.getByText(`已删除标签「${name}改」`)).toBeVisible();
  await expect(renamed).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("stores are filtered by status in the URL and one is edited in the drawer", async ({ page }) => {
  const errors = watchErrors(page);
  await logInToConsole(page);
  await page.goto("/console/settings/store");
  await expect(page.getByRole("heading", { name: "门店管理" })).toBeVisible();
  const rows = page.locator(".ant-table-row");
  await expect(rows.first()).toBeVisible();
  await page.locator(".console-page__filters").getByLabel("状态").click();
  await page.locator(".ant-select-item-option", { hasText: "营业中" }).click();
  await page.locator(".console-page__filters").getByRole("button", { name: /查\s*询/ }).click();
  await expect(page).toHaveURL(/status=1/);
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasNotText: "营业中" })).toHaveCount(0);

  const first = rows.first();
  const storeName = (await first.locator("td").nth(1).innerText()).trim();
  await first.getByRole("button", { name: "编辑" }).click();
  await expect(drawer(page).getByText("编辑门店")).toBeVisible();
  await expect(drawer(page).getByLabel("门店名称")).toHaveValue(storeName);
  await page.screenshot({ path: `${SHOTS}-store-drawer.png`, fullPage: true });
  await save(page);
  await expect(page.getByText("门店已保存")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-store.png`, fullPage: true });

  // back to every store: the URL loses the filter, the form shows none
  await page.locator(".console-page__filters").getByRole("button", { name: /重\s*置/ }).click();
  await expect(page).not.toHaveURL(/status=/);
  expect(errors).toEqual([]);
});

test("the refactored lists open with their filters from the URL", async ({ page }) => {
  const errors = watchErrors(page);
  await logInToConsole(page);
  for (const [path, heading, shot] of [
    ["/console/goods/brand?search_text=%E5%93%81", "商品品牌", "brand"],
    ["/console/staff/user", "员工管理", "users"],
    ["/console/staff/log?action=user.adduser", "操作日志", "log"],
    ["/console/member/label", "会员标签", "member-label"],
    ["/console/member/withdraw?status=0", "提现审核", "withdraw"],
    ["/console/aftersale/evaluate?explain_type=1", "评价管理", "evaluate"],
    ["/console/marketing/coupon?status=running", "优惠券", "coupon"],
    ["/console/marketing/seckill", "限时秒杀", "seckill"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    await expect(page.locator(".ant-spin-spinning")).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}-${shot}.png`, fullPage: true });
  }
  // a text filter from the URL is in its box
  await page.goto("/console/goods/brand?search_text=%E5%93%81");
  await expect(page.locator(".console-page__filters").getByLabel("品牌名称")).toHaveValue("品");
  expect(errors).toEqual([]);
});
