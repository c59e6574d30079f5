import { api, cheapSkus, openHome, withServerDb } from "./support.ts";
import { test, expect, type APIRequestContext, type Page } from "@playwright/test";

/** The SKU page as a shopper reaches it: from a home floor, switching spec, and a missing SKU. */

const SKU_PATH = /\/web\/sku\/(\d+)$/;

/** The page's schema.org Product (rendered server-side, kept current on spec switches). */
async function productJsonLd(page: Page): Promise<Record<string, unknown> & { offers: Record<string, unknown> }> {
  const text = await page.locator('script[type="application/ld+json"]').first().textContent();
  return JSON.parse(text ?? "{}");
}

test("a goods opened from the home page renders with SEO data and hydrates cleanly", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });

  await openHome(page);
  await page.locator('.home-floors a[href*="/web/sku/"]').first().click();
  await expect(page).toHaveURL(SKU_PATH);
  await page.waitForLoadState("networkidle");

  const name = (await page.locator("h1").textContent())?.trim() ?? "";
  expect(name.length).toBeGreaterThan(0);
  await expect(page).toHaveTitle(/ - /);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect(canonical).toMatch(SKU_PATH);
  const product = await productJsonLd(page);
  expect(product).toMatchObject({ "@type": "Product", name });
  expect(product.offers).toMatchObject({ "@type": "Offer", priceCurrency: "CNY", availability: "https://schema.org/InStock" });
  await expect(page.getByRole("tab", { name: /商品评价/ })).toBeVisible();
  expect(errors).toEqual([]);
});

test("choosing another spec switches the SKU and the URL without reloading the page", async ({ page }) => {
  // Goods #1 of the seed has two spec dimensions.
  await page.goto("/web/sku/1");
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  const before = page.url();
  const nameBefore = await page.locator("h1").textContent();

  const other = page.locator('.sku-specs [role="radio"][aria-checked="false"]:not([disabled])').first();
  const infoCall = page.waitForResponse((response) => response.url().endsWith("/api/goodssku/info"));
  await other.click();
  await infoCall;
  await expect(page).not.toHaveURL(before);
  await expect(page).toHaveURL(SKU_PATH);
  await expect(page.locator("h1")).not.toHaveText(nameBefore ?? "");
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);

  const newId = SKU_PATH.exec(page.url())?.[1];
  expect((await productJsonLd(page)).offers.url).toMatch(new RegExp(`/web/sku/${newId}$`));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/web/sku/${newId}$`));
});

test("copying the link shows 复制成功, and a guest's 加入购物车 goes to login", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/web/sku/1");
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "复制链接" }).click();
  await expect(page.getByText("复制成功")).toBeVisible();
  await page.getByRole("button", { name: /加入购物车/ }).click();
  await expect(page).toHaveURL(/\/web\/auth\/login\?redirect=%2Fsku%2F1$/);
});

test("a missing SKU answers 404 with the not-found page", async ({ page }) => {
  const response = await page.goto("/web/sku/99999999");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("This page could not be found")).toBeVisible();
  await expect(page).toHaveTitle(/^页面不存在 - /);
});

test("arrow keys on the quantity step from a number just typed", async ({ page, request }) => {
  const sku = (await cheapSkus(request)).find((row) => row.stock > 10)!;
  await page.goto(`/web/sku/${sku.sku_id}`);
  await page.waitForLoadState("networkidle");
  const quantity = page.getByRole("spinbutton", { name: "购买数量" });
  await quantity.fill("5");
  await quantity.press("ArrowUp");
  await expect(quantity).toHaveValue("6");
  await quantity.fill("3");
  await quantity.press("ArrowDown");
  await expect(quantity).toHaveValue("2");
  await quantity.press("ArrowUp");
  await expect(quantity).toHaveValue("3");
});

/** A SKU of a goods on sale whose first page of evaluations (as its 商品评价 tab shows it) has pictures. */
async function skuWithReviewPictures(request: APIRequestContext): Promise<number> {
  const candidates = withServerDb<{ goods_id: number; sku_id: number }[]>(`
    return db.selectFrom("goods_evaluate").innerJoin("goods", "goods.goods_id", "goods_evaluate.goods_id")
      .innerJoin("goods_sku", "goods_sku.goods_id", "goods.goods_id")
      .select("goods.goods_id").select((eb) => eb.fn.min("goods_sku.sku_id").as("sku_id"))
      .where("goods_evaluate.images", "!=", "").where("goods_evaluate.is_show", "=", 1)
      .where("goods.goods_state", "=", 1).where("goods.is_delete", "=", 0)
      .groupBy("goods.goods_id").orderBy("goods.goods_id").limit(20).execute();`);
  for (const { goods_id, sku_id } of candidates) {
    const page = await api<{ list: { images: string }[] }>(request, "/api/goodsevaluate/page", { goods_id, page: 1, page_size: 10 });
    if (page.list.some((evaluation) => evaluation.images)) return sku_id;
  }
  throw new Error("no seeded goods shows review pictures on its first page");
}

test("the review picture viewer keeps focus inside, closes on Escape and gives focus back", async ({ page, request }) => {
  await page.goto(`/web/sku/${await skuWithReviewPictures(request)}`);
  await page.waitForLoadState("networkidle");
  await page.getByRole("tab", { name: /商品评价/ }).click();
  const thumbnail = page.getByRole("button", { name: /查看晒图/ }).first();
  await thumbnail.click();
  const viewer = page.getByRole("dialog", { name: "查看图片" });
  await expect(viewer.getByRole("button", { name: "关闭" })).toBeFocused();
  const focusInViewer = () => viewer.evaluate((dialog) => dialog.contains(document.activeElement));
  for (const key of ["Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
    await page.keyboard.press(key);
    expect(await focusInViewer(), `focus after ${key}`).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(thumbnail).toBeFocused();
});
