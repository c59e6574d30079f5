import { test, expect, type Page } from "@playwright/test";
import { fillLoginForm, registerShopper, watchErrors } from "./support.ts";

/**
 * The cart as a shopper uses it (SPEC §2 cart page, mini-cart, side-bar badge; §6 forceLogin):
 * a guest's 加入购物车 goes to login and back to the same SKU, the added goods show in the
 * mini-cart, and the cart page changes quantities (within the limits), deletes and checks out.
 */

/** Clicks 加入购物车 and waits for the server's answer and the success toast. */
async function addToCart(page: Page): Promise<void> {
  const added = page.waitForResponse((response) => response.url().endsWith("/api/cart/add"));
  await page.getByRole("button", { name: /加入购物车/ }).click();
  expect(((await (await added).json()) as { code: number }).code).toBe(0);
  await expect(page.locator(".shop-toast")).toContainText("加入购物车成功");
}

test("guest adds → login → back to the SKU → add → mini-cart → cart page quantity and delete", async ({ page }) => {
  const errors = watchErrors(page);
  const shopper = await registerShopper(page.context().request, "cart");
  // register set the token cookie on the shared context: start as a guest again
  await page.context().clearCookies();

  // A guest is sent to login with the way back to the same SKU (the SKU id is the chosen spec).
  await page.goto("/web/sku/1");
  await page.waitForLoadState("networkidle");
  const firstSkuName = (await page.locator("h1").textContent())?.trim() ?? "";
  await page.getByRole("button", { name: /加入购物车/ }).click();
  await expect(page).toHaveURL(/\/web\/auth\/login\?redirect=%2Fsku%2F1$/);
  await fillLoginForm(page, shopper);
  await expect(page).toHaveURL(/\/web\/sku\/1$/);
  await expect(page.locator("h1")).toHaveText(firstSkuName);

  // Add it, then a second spec of the same goods: the badges follow.
  await addToCart(page);
  await expect(page.locator(".minicart-badge")).toHaveText("1");
  await expect(page.locator(".sidebar-cart-badge")).toHaveText("1");
  const otherSpec = page.locator('.sku-specs [role="radio"][aria-checked="false"]:not([disabled])').first();
  const switched = page.waitForResponse((response) => response.url().endsWith("/api/goodssku/info"));
  await otherSpec.click();
  await switched;
  await expect(page).not.toHaveURL(/\/web\/sku\/1$/);
  await addToCart(page);
  await expect(page.locator(".minicart-badge")).toHaveText("2");

  // The mini-cart lists both, latest first, each named by its spec (the goods name removed).
  await page.locator(".minicart-button").hover();
  const items = page.locator(".minicart-item");
  await expect(items).toHaveCount(2);
  await expect(page.locator(".minicart-footer")).toContainText("共 2 种商品");
  await expect(items.nth(1).locator(".minicart-item-name")).toHaveAttribute("title", firstSkuName);
  const specOnly = (await items.nth(1).locator(".minicart-item-name").textContent())?.trim() ?? "";
  expect(specOnly.length).toBeGreaterThan(0);
  expect(firstSkuName).toContain(specOnly);
  expect(specOnly.length).toBeLessThan(firstSkuName.length);

  // The cart page: both lines ticked, the total is the sum of the subtotals.
  await page.locator(".minicart-checkout").click();
  await expect(page).toHaveURL(/\/web\/goods\/cart$/);
  const rows = page.locator(".cart-list .cart-row");
  await expect(rows).toHaveCount(2);
  await expect(page.locator(".cart-footer")).toContainText("已选商品 2 件");
  const firstRow = rows.filter({ hasText: firstSkuName });
  const price = (await firstRow.locator(".cart-row__price").textContent())?.replace("¥", "") ?? "";

  // + raises the quantity on the server; the subtotal and the badges follow.
  const edited = page.waitForResponse((response) => response.url().endsWith("/api/cart/edit"));
  await firstRow.getByRole("button", { name: "增加数量" }).click();
  expect(((await (await edited).json()) as { code: number }).code).toBe(0);
  await expect(firstRow.getByLabel("购买数量")).toHaveValue("2");
  await expect(firstRow.locator(".cart-row__subtotal")).toHaveText(`¥${(Math.round(Number(price) * 100) * 2 / 100).toFixed(2)}`);
  await expect(page.locator(".cart-footer")).toContainText("已选商品 3 件");
  await expect(page.locator(".sidebar-cart-badge")).toHaveText("3");

  // A quantity beyond the stock is refused with the reason, and brought back to what is left.
  await firstRow.getByLabel("购买数量").fill("99999");
  await firstRow.getByLabel("购买数量").press("Enter");
  const refusal = firstRow.locator(".cart-quantity__refusal");
  await expect(refusal).toHaveText(/^库存不足，最多可购买 \d+ 件$/);
  const stock = /(\d+) 件/.exec((await refusal.textContent()) ?? "")?.[1];
  await expect(firstRow.getByLabel("购买数量")).toHaveValue(stock ?? "");

  // Delete the other line (confirmed): one line left, the badge follows.
  const otherRow = rows.filter({ hasNotText: firstSkuName });
  await otherRow.getByRole("button", { name: "删除" }).click();
  await page.locator(".ant-modal-confirm").getByRole("button", { name: /删\s*除/ }).click();
  await expect(rows).toHaveCount(1);
  const left = Number(stock);
  await expect(page.locator(".sidebar-cart-badge")).toHaveText(left > 99 ? "99+" : String(left));

  // 去结算 carries the ticked lines to checkout.
  const cartId = await page.evaluate(async () => {
    const answer = await fetch("/api/cart/goodslists", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    return ((await answer.json()) as { data: Array<{ cart_id: number }> }).data[0]?.cart_id;
  });
  await page.getByRole("button", { name: "去结算" }).click();
  await expect(page).toHaveURL(new RegExp(`/web/order/payment\\?cart_ids=${cartId}$`));

  // Logging out empties the header's cart (SPEC §4: count 0, empty mini-cart).
  await page.goto("/web/sku/1");
  await expect(page.locator(".sidebar-cart-badge")).not.toHaveText("0");
  await page.getByRole("button", { name: "退出登录" }).click();
  await expect(page.getByText("您好，请登录").first()).toBeVisible();
  await expect(page.locator(".sidebar-cart-badge")).toHaveText("0");
  await page.locator(".minicart-button").hover();
  await expect(page.getByText("您的购物车是空的，赶快去逛逛，挑选商品吧！")).toBeVisible();
  expect(errors).toEqual([]);
});

test("the cart page asks a guest to log in and comes back to the cart", async ({ page }) => {
  const shopper = await registerShopper(page.context().request, "cart");
  await page.context().clearCookies();
  await page.goto("/web/goods/cart");
  await expect(page).toHaveURL(/\/web\/auth\/login\?redirect=%2Fgoods%2Fcart$/);
  await fillLoginForm(page, shopper);
  await expect(page).toHaveURL(/\/web\/goods\/cart$/);
  await expect(page.getByText("您的购物车还是空的")).toBeVisible();
  await page.locator(".minicart-button").hover();
  await expect(page.getByText("您的购物车是空的，赶快去逛逛，挑选商品吧！")).toBeVisible();
});
