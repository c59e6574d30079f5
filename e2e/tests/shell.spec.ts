import { test, expect } from "@playwright/test";

test("home page is server-rendered with the site name in the title", async ({ page, request }) => {
  const response = await request.get("/web/");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain("<title>");
  await page.goto("/web/");
  await expect(page).toHaveTitle(/商城/);
});

test("unknown routes answer 404 with a link home", async ({ page }) => {
  const response = await page.goto("/web/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("This page could not be found")).toBeVisible();
  await expect(page).toHaveTitle(/^页面不存在 - /);
  await page.getByRole("link", { name: /首页/ }).first().click();
  await expect(page).toHaveURL(/\/web\/?$/);
});

test("/ redirects to /web/", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/web\/$/);
});
