import { test, expect, type Page } from "@playwright/test";
import { api, centsOf, fillLoginForm, pickRegion, registerShopper, watchErrors, yuan, type SkuRow } from "./support.ts";
import { describeViolations, runAxe } from "./axe.ts";

/**
 * Coupons as a shopper meets them: the home float layer's 立即领取 leads to the coupon centre; a
 * guest's 领取 goes to login and back; the new member already holds the registration pack
 * (注册即送100元优惠券); a coupon received in the centre shows in 我的优惠券 and on the SKU page,
 * is chosen at checkout (the best one pre-selected), paid for in the sandbox, and then reads 已使用.
 */

// axe is injected as a script tag (./axe.ts); csp.spec.ts checks the pages' CSP.
test.use({ bypassCSP: true });

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true, animations: "disabled" });
const ticket = (page: Page, name: string) => page.locator("article.coupon-ticket", { hasText: name });
/** No serious accessibility violation on the page as it is now (the rules of a11y.spec.ts). */
async function expectAccessible(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await expect(async () => {
    const { failures } = await runAxe(page);
    expect(failures.length, `${page.url()}:\n${describeViolations(failures)}`).toBe(0);
  }).toPass({ timeout: 5000 });
}

const amount = (page: Page, label: string) => page.locator(".checkout-summary__row", { hasText: `${label}：` }).locator("dd");

/** A SKU of ¥110–¥180 sold one at a time: 全场满99减10 applies, and the registration pack's 满99减20 saves more. */
async function skuAbove99(page: Page): Promise<SkuRow> {
  const list = await api<{ list: SkuRow[] }>(page.request, "/api/goodssku/page", { min_price: "110", max_price: "180", page_size: 50 });
  const sku = list.list.find((row) => row.stock > 3 && row.max_buy === 0 && row.min_buy <= 1 && !row.sku_name.includes("电子兑换券"));
  expect(sku, "a seeded SKU between ¥110 and ¥180").toBeTruthy();
  return sku!;
}

test("the home float layer's 立即领取 opens the coupon centre, which works for guests", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto("/web/");
  const layer = page.locator(".home-float-layer");
  await expect(layer).toBeVisible({ timeout: 5000 });
  await layer.locator("a").first().click();
  await expect(page).toHaveURL(/\/web\/goods\/coupon$/);
  await expect(page.getByRole("heading", { name: "领券中心", level: 1 })).toBeVisible();
  await expect(page.locator("article.coupon-ticket").first()).toBeVisible();
  // Guests are told to log in; a used-up type says so; reward-only and expired types are not offered.
  await expect(ticket(page, "限量抢 满59减15").getByText("已领完")).toBeVisible();
  await expect(ticket(page, "新人专享")).toHaveCount(0);
  await expect(ticket(page, "双十二")).toHaveCount(0);
  // No antd on the public page.
  const styles = await page.locator("link[rel=stylesheet]").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  expect(styles.filter((href) => href.includes("antd"))).toEqual([]);
  expect(errors).toEqual([]);
});

test("receive in the centre → 我的优惠券 → SKU page → chosen at checkout → paid → 已使用", async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const shopper = await registerShopper(request, "cpn");

  // A guest's 立即领取 → login → back to the centre.
  await page.goto("/web/goods/coupon");
  await ticket(page, "全场满99减10").getByRole("link", { name: "立即领取" }).click();
  await expect(page).toHaveURL(/\/web\/auth\/login\?redirect=%2Fgoods%2Fcoupon$/);
  await fillLoginForm(page, shopper);
  await expect(page).toHaveURL(/\/web\/goods\/coupon$/);

  // Received in place: the button says 继续领取 (3 per member) and the ticket how many are held.
  const card = ticket(page, "全场满99减10");
  const received = page.waitForResponse((response) => response.url().endsWith("/coupon/api/coupon/receive"));
  await card.getByRole("button", { name: "立即领取" }).click();
  expect(((await (await received).json()) as { code: number }).code).toBe(0);
  await expect(page.locator(".shop-toast")).toContainText("领取成功");
  await expect(card.getByRole("button", { name: "继续领取" })).toBeVisible();
  await expect(card).toContainText("已领取 1 张");
  await shot(page, "c1-centre");
  await expectAccessible(page);

  // 我的优惠券: the registration pack (新人专享 20 + 30 + 50) and the coupon just received.
  await page.goto("/web/member/coupon");
  await expect(page.getByRole("link", { name: "未使用(4)" })).toBeVisible();
  for (const name of ["新人专享 满99减20", "新人专享 满199减30", "新人专享 满299减50", "全场满99减10"]) await expect(ticket(page, name)).toBeVisible();
  await expect(ticket(page, "新人专享 满99减20")).toContainText("注册赠送");
  await expect(ticket(page, "全场满99减10")).toContainText("领取");
  await page.getByRole("link", { name: "已使用(0)" }).click();
  await expect(page.getByText("暂无已使用的优惠券")).toBeVisible();
  await shot(page, "c2-member");
  await expectAccessible(page);

  // The SKU page: the 领券 row; its panel knows the member holds one of three.
  const sku = await skuAbove99(page);
  await page.goto(`/web/sku/${sku.sku_id}`);
  await page.waitForLoadState("networkidle");
  const row = page.locator(".sku-coupons");
  await expect(row.locator(".sku-coupons__chip", { hasText: "满99减10" })).toBeVisible();
  await row.locator(".sku-coupons__toggle").click();
  await expect(ticket(page, "全场满99减10").getByRole("button", { name: "继续领取" })).toBeVisible();
  await shot(page, "c3-sku");
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(row.locator(".sku-coupons__panel")).toHaveCount(0);

  // Checkout: the best coupon (新人专享 满99减20) is applied first; the shopper picks 全场满99减10.
  await page.getByRole("button", { name: "立即购买" }).click();
  await expect(page).toHaveURL(new RegExp(`/web/order/payment\\?sku_id=${sku.sku_id}&num=1$`));
  const form = page.locator(".checkout-address__form");
  await expect(form).toBeVisible();
  await form.getByLabel("收货人", { exact: true }).fill("孙小八");
  await form.getByLabel("手机", { exact: true }).fill("13500135000");
  await pickRegion(page, "省份", "上海市");
  await pickRegion(page, "区/县", "浦东新区");
  await form.getByLabel("详细地址").fill("世纪大道 8 号");
  await form.getByRole("button", { name: "保存并使用" }).click();
  const coupons = page.getByRole("radiogroup", { name: "选择优惠券" });
  await expect(coupons.getByRole("radio", { checked: true })).toContainText("新人专享 满99减20");
  await expect(coupons.getByRole("radio", { name: /新人专享 满99减20/ })).toContainText("最优");
  await expect(amount(page, "优惠券")).toHaveText("-¥20.00");
  const goods = centsOf((await amount(page, "商品金额").textContent()) ?? "");
  const calculated = page.waitForResponse((response) => response.url().endsWith("/api/ordercreate/calculate"));
  await coupons.getByRole("radio", { name: /全场满99减10/ }).click();
  await calculated;
  await expect(coupons.getByRole("radio", { checked: true })).toContainText("全场满99减10");
  await expect(amount(page, "优惠券")).toHaveText("-¥10.00");
  // Shanghai from ¥99 of goods ships free (the seeded template): the shopper pays goods − ¥10.
  const payCents = goods - 1000;
  await expect(page.locator(".checkout-summary__money")).toHaveText(yuan(payCents));
  await shot(page, "c4-checkout");
  await expectAccessible(page);
  await page.getByRole("button", { name: "提交订单" }).click();

  // The cashier: the sandbox pays it in its own tab.
  await expect(page).toHaveURL(/\/web\/pay\?code=\d+$/);
  await expect(page.locator(".pay-head-amount")).toContainText(yuan(payCents));
  const code = /[?&]code=(\d+)/.exec(page.url())![1]!;
  const gatewayOpened = page.context().waitForEvent("page");
  await page.getByRole("button", { name: "立即支付" }).click();
  const gateway = await gatewayOpened;
  await gateway.waitForURL(/\/sandbox-gateway\/pay\?/);
  await gateway.getByRole("button", { name: "确认支付" }).click();
  await expect(page).toHaveURL(new RegExp(`/web/pay/result\\?code=${code}$`), { timeout: 20_000 });
  await gateway.close();
  await expect(page.getByText("支付成功")).toBeVisible();

  // 我的优惠券: 全场满99减10 is used, by the order just paid; the others are still there to use.
  await page.goto("/web/member/coupon");
  await expect(page.getByRole("link", { name: "未使用(3)" })).toBeVisible();
  await page.getByRole("link", { name: "已使用(1)" }).click();
  await expect(page).toHaveURL(/\/web\/member\/coupon\?state=2$/);
  const used = ticket(page, "全场满99减10");
  await expect(used).toBeVisible();
  await expect(used).toContainText("已使用");
  await expect(used).toContainText("下单使用");
  await shot(page, "c5-used");
  await expectAccessible(page);
  // The centre now says the member may receive two more.
  await page.goto("/web/goods/coupon");
  await expect(ticket(page, "全场满99减10")).toContainText("已领取 1 张");
  expect(errors).toEqual([]);
});

test("a coupon for several goods: 去使用 lists only its goods, the filter stays while sorting, its tag removes it", async ({ page }) => {
  const errors = watchErrors(page);
  await registerShopper(page.request, "cpf");
  // The seeded 精选好物 满300减50 is for four goods (one each at most): once held, the centre offers 去使用.
  const centre = await api<{ list: Array<{ coupon_type_id: number; coupon_name: string; use_url: string }> }>(page.request, "/coupon/api/coupon/typepagelists", { page_size: 50 });
  const type = centre.list.find((item) => item.coupon_name === "精选好物 满300减50")!;
  expect(type.use_url).toBe(`/goods/list?coupon=${type.coupon_type_id}`);
  await api(page.request, "/coupon/api/coupon/receive", { coupon_type_id: type.coupon_type_id });
  const scoped = await api<{ count: number; list: Array<{ goods_name: string }> }>(page.request, "/api/goodssku/page", { coupon: type.coupon_type_id, page_size: 50 });
  const all = await api<{ count: number }>(page.request, "/api/goodssku/page", { page_size: 1 });
  expect(scoped.count).toBeGreaterThan(1);
  expect(scoped.count).toBeLessThan(all.count);

  await page.goto("/web/goods/coupon");
  await ticket(page, type.coupon_name).getByRole("link", { name: "去使用" }).click();
  await expect(page).toHaveURL(new RegExp(`/web/goods/list\\?coupon=${type.coupon_type_id}$`));
  const chip = page.locator(".goods-list-crumbs__tag", { hasText: `可用券：${type.coupon_name}` });
  await expect(chip).toBeVisible();
  const names = page.locator(".goods-list__grid > li");
  await expect(names).toHaveCount(scoped.count);
  for (const item of scoped.list) await expect(names.filter({ hasText: item.goods_name })).toHaveCount(1);
  await expect(page.locator(".goods-list-sortbar__summary")).toContainText(`共 ${scoped.count} 件商品`);
  await shot(page, "c6-coupon-goods");
  await expectAccessible(page);

  // Sorting keeps the coupon; its tag takes it away.
  await page.locator(".goods-list-sortbar__sort", { hasText: "价格" }).click();
  await expect(page).toHaveURL(new RegExp(`coupon=${type.coupon_type_id}&order=discount_price&sort=asc$`));
  await expect(names).toHaveCount(scoped.count);
  await chip.click();
  await expect(page).toHaveURL(/\/web\/goods\/list\?order=discount_price&sort=asc$/);
  await expect(page.locator(".goods-list-sortbar__summary")).toContainText(`共 ${all.count} 件商品`);
  // No antd on the public list.
  const styles = await page.locator("link[rel=stylesheet]").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  expect(styles.filter((href) => href.includes("antd"))).toEqual([]);
  expect(errors).toEqual([]);
});
