import { test, expect } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { E2E_DATA_DIR, REPO_ROOT } from "./support.ts";

/**
 * Site closed (SPEC §8): the shop is closed and reopened in the e2e server's database with
 * scripts/site-status.ts (there is no admin switch yet). The tests run serially and always reopen.
 */

function setShopStatus(command: "open" | "close"): void {
  execFileSync(process.execPath, ["--import", "tsx", "scripts/site-status.ts", command], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    stdio: "pipe",
  });
}

test.describe.configure({ mode: "serial" });

test.afterEach(() => setShopStatus("open"));

test("a closed shop sends visitors to /close, which returns home once it reopens", async ({ page }) => {
  setShopStatus("close");
  const response = await page.goto("/web/goods/brand");
  await expect(page).toHaveURL(/\/web\/close$/);
  expect(response?.status()).toBe(503);
  await expect(page.getByRole("heading", { name: "网站已关闭" })).toBeVisible();
  await expect(page.getByText("网站恢复后将自动返回首页")).toBeVisible();

  // Stays while closed: the page has polled the status at least once and not left …
  await expect(page.getByText(/已检查 1 次/)).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/web\/close$/);
  // … and goes home after the shop reopens.
  setShopStatus("open");
  await expect(page).toHaveURL(/\/web\/$/, { timeout: 15_000 });
  await expect(page.locator(".floor-style-1").first()).toBeVisible();
});

test("closing while a shopper browses: the next client-side navigation or call goes to /close", async ({ page }) => {
  // Sorting the list: only the list's own loader runs (the chrome's data is not reloaded).
  await page.goto("/web/goods/list?keyword=手机");
  await expect(page.locator(".goods-list-item").first()).toBeVisible();
  setShopStatus("close");
  await page.locator(".goods-list-sortbar__sorts").getByText("销量").click();
  await expect(page).toHaveURL(/\/web\/close$/);
  setShopStatus("open");

  // From the list to a goods page.
  await page.goto("/web/goods/list?keyword=手机");
  const firstGoods = page.locator(".goods-list-item__picture").first();
  await expect(firstGoods).toBeVisible();
  setShopStatus("close");
  await firstGoods.click();
  await expect(page).toHaveURL(/\/web\/close$/);
  await expect(page.getByRole("heading", { name: "网站已关闭" })).toBeVisible();
  setShopStatus("open");

  // A browser call: switching the spec asks /api/goodssku/info, which answers -3.
  await page.goto("/web/sku/1");
  await page.waitForLoadState("networkidle");
  setShopStatus("close");
  await page.locator('.sku-specs [role="radio"][aria-checked="false"]:not([disabled])').first().click();
  await expect(page).toHaveURL(/\/web\/close$/);
});

test("/close while the shop is open goes home", async ({ page }) => {
  await page.goto("/web/close");
  await expect(page).toHaveURL(/\/web\/$/);
});
