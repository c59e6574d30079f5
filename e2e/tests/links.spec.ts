import { test, expect } from "@playwright/test";

/**
 * Storefront links are plain anchors (apps/web/app/components/chrome/Link.tsx) navigated in the app
 * by one delegated click handler: a click loads the next page's data, not a new document, and the
 * browser keeps what it does with modified clicks.
 */
test("a storefront link navigates in the app without loading a new document", async ({ page }) => {
  await page.goto("/web/goods/list");
  // Hydrated (the navigator listens from then on): the route modules have loaded.
  await page.waitForLoadState("networkidle");
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  // A marker on the window survives only a navigation inside the app.
  await page.evaluate(() => ((window as unknown as { __stayed: boolean }).__stayed = true));
  const firstGoods = page.locator(".goods-list-item a.goods-list-item__name").first();
  const href = (await firstGoods.getAttribute("href"))!;
  expect(href).toMatch(/^\/web\/sku\/\d+$/);
  await expect(firstGoods).toHaveAttribute("data-discover", "true");
  await firstGoods.click();
  await page.waitForURL(`**${href}`);
  await expect(page.locator("h1")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed)).toBe(true);
  expect(documents).toEqual([]);

  await page.goBack();
  await page.waitForURL("**/web/goods/list");
  expect(await page.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed)).toBe(true);
});

test("a modified click on a storefront link is left to the browser", async ({ page, context }) => {
  await page.goto("/web/goods/list");
  await page.waitForLoadState("networkidle");
  const firstGoods = page.locator(".goods-list-item a.goods-list-item__name").first();
  const href = (await firstGoods.getAttribute("href"))!;
  const opened = context.waitForEvent("page");
  await firstGoods.click({ modifiers: ["Control"] });
  const tab = await opened;
  await tab.waitForURL(`**${href}`);
  // This page stayed where it was.
  expect(new URL(page.url()).pathname).toBe("/web/goods/list");
  await tab.close();
});
