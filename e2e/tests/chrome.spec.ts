import { test, expect } from "@playwright/test";
import { openHome } from "./support.ts";

test("the top bar offers login, register and the member links to a guest", async ({ page }) => {
  await openHome(page);
  const topBar = page.locator(".topbar");
  await expect(topBar.getByRole("link", { name: "您好，请登录" })).toHaveAttribute("href", "/web/auth/login");
  await expect(topBar.getByRole("link", { name: "免费注册" })).toHaveAttribute("href", "/web/auth/register");
  await expect(topBar.getByRole("link", { name: "我的订单" })).toHaveAttribute("href", "/web/member/order_list");
  await expect(topBar.getByRole("link", { name: "网站公告" })).toHaveAttribute("href", "/web/cms/notice/list");
  await topBar.getByRole("button", { name: "收藏本站" }).click();
  await expect(page.getByText("请使用 Ctrl+D 收藏本站")).toBeVisible();
});

test("toasts: the live region is in the served page before any message, and a toast leaves the top bar readable", async ({ page, request }) => {
  // A region added together with its first message is not watched yet: screen readers would skip that message.
  const html = await (await request.get("/web/")).text();
  expect(html).toMatch(/<div id="shop-toast-region" class="shop-toast-region" role="status" aria-live="polite" aria-atomic="true"><\/div>/);

  // A page without the home page's top ad, which pushes the top bar down (the toast is fixed to the window).
  await page.goto("/web/goods/list");
  await page.locator(".topbar").getByRole("button", { name: "收藏本站" }).click();
  const region = page.getByRole("status");
  await expect(region).toHaveCount(1);
  await expect(region).toContainText("请使用 Ctrl+D 收藏本站");
  const toastBox = (await region.locator(".shop-toast").boundingBox())!;
  const topBarBox = (await page.locator(".topbar").boundingBox())!;
  expect(toastBox.y).toBeGreaterThanOrEqual(topBarBox.y + topBarBox.height);
});

test("the side bar's icon-only controls are named in Chinese", async ({ page }) => {
  await openHome(page);
  const sideBar = page.getByRole("complementary", { name: "快捷入口" });
  await expect(sideBar.getByRole("link", { name: "购物车，0 件商品" })).toHaveAttribute("href", "/web/goods/cart");
  const memberLinks = { 我的订单: "/web/member/order_list", 我的足迹: "/web/member/footprint", 我的关注: "/web/member/collection", 我的优惠券: "/web/member/coupon", 会员中心: "/web/member" };
  for (const [name, href] of Object.entries(memberLinks)) {
    await expect(sideBar.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await expect(sideBar.getByRole("group", { name: "手机购物二维码" })).toBeVisible();
  await expect(sideBar.getByRole("button", { name: "联系客服" })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect(sideBar.getByRole("button", { name: "返回顶部" })).toBeVisible();
});

test("search: Enter searches goods, an empty keyword uses the default word, 门店 searches shops", async ({ page }) => {
  await openHome(page);
  const input = page.locator(".search-input");
  await expect(input).toHaveAttribute("maxlength", "50");
  const defaultWord = await input.getAttribute("placeholder");
  expect(defaultWord).toBeTruthy();

  await input.fill("蓝牙耳机");
  await input.press("Enter");
  await expect(page).toHaveURL(/\/web\/goods\/list\?keyword=%E8%93%9D%E7%89%99%E8%80%B3%E6%9C%BA$/);

  await openHome(page);
  await page.locator(".search-button").click();
  await expect(page).toHaveURL(new RegExp(`/web/goods/list\\?keyword=${encodeURIComponent(defaultWord!)}$`));

  await openHome(page);
  await page.getByRole("tab", { name: "门店" }).click();
  await page.locator(".search-input").fill("旗舰店");
  await page.locator(".search-button").click();
  await expect(page).toHaveURL(/\/web\/street\?keyword=/);
});

test("category links open the goods list in a new tab", async ({ page }) => {
  await openHome(page);
  await page.locator(".catnav-title").hover();
  const first = page.locator(".catnav-item-name").first();
  await expect(first).toBeVisible();
  await expect(first).toHaveAttribute("target", "_blank");
  await expect(first).toHaveAttribute("href", /^\/web\/goods\/list\?category_id=\d+&level=1$/);
});

test("the server sends only the first-level rows; the flyouts come with the tree the browser loads", async ({ page, request }) => {
  const html = await (await request.get("/web/goods/list?keyword=手机")).text();
  expect(html).toContain("catnav-item-name");
  expect(html).not.toContain("catnav-flyout");

  await page.goto("/web/goods/list?keyword=手机");
  await page.locator(".catnav-title").hover();
  const row = page.locator(".catnav-item").nth(1);
  await row.hover();
  const flyout = row.locator(".catnav-flyout");
  await expect(flyout).toBeVisible();
  const leaf = flyout.locator(".catnav-flyout-link").first();
  await expect(leaf).toHaveAttribute("href", /^\/web\/goods\/list\?category_id=\d+&level=3$/);
  await expect(leaf).toHaveAttribute("target", "_blank");
});

test("mini-cart shows the empty text on hover; contact service asks a guest to log in", async ({ page }) => {
  await openHome(page);
  await page.locator(".minicart-button").hover();
  await expect(page.getByText("您的购物车是空的，赶快去逛逛，挑选商品吧！")).toBeVisible();
  const service = page.getByRole("complementary", { name: "快捷入口" }).getByRole("button", { name: "联系客服" });
  // The seeded shop has chat on, so the entry is there.
  await service.click();
  await expect(page.getByText("您还未登录")).toBeVisible();
});

test("back to top appears after 300 px and scrolls up in steps", async ({ page }) => {
  await openHome(page);
  const button = page.getByRole("button", { name: "返回顶部", includeHidden: true });
  await expect(button).not.toHaveClass(/sidebar-backtop-visible/);
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect(button).toHaveClass(/sidebar-backtop-visible/);
  // Every position the page passes through on the way up is recorded: in steps means some lie between.
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { scrollPositions: number[] }).scrollPositions = seen;
    window.addEventListener("scroll", () => seen.push(window.scrollY));
  });
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  const positions = await page.evaluate(() => (window as unknown as { scrollPositions: number[] }).scrollPositions);
  expect(positions.filter((y) => y > 0 && y < 1500).length).toBeGreaterThan(0);
});

test("a rejected login cookie is cleared by the page response", async ({ request }) => {
  const response = await request.get("/web/", { headers: { cookie: "shop_token=not-a-real-token" } });
  expect(response.status()).toBe(200);
  const cookies = response.headersArray().filter((header) => header.name.toLowerCase() === "set-cookie");
  expect(cookies.map((header) => header.value)).toContainEqual(expect.stringMatching(/^shop_token=; Max-Age=0; Path=\//));
});
