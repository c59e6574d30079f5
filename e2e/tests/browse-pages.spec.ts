import { test, expect } from "@playwright/test";
import { hydrated } from "./support.ts";

/** /goods/category, /goods/brand, /street, the sitemap and robots.txt on the seeded catalog. */


test.describe("category tree page", () => {
  test("is server-rendered: level-1 tiles and sections, level-3 links to the goods list", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto("/web/goods/category");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/全部商品分类/);
    const sections = page.locator(".category-section");
    const tiles = page.locator(".category-quicknav__item");
    expect(await sections.count()).toBeGreaterThanOrEqual(10);
    expect(await tiles.count()).toBe(await sections.count());
    const first = sections.first();
    await expect(first.locator(".category-section__title a")).toHaveAttribute("href", /\/web\/goods\/list\?category_id=\d+&level=1$/);
    await expect(first.locator(".category-group__title a").first()).toHaveAttribute("href", /category_id=\d+&level=2$/);
    await expect(first.locator(".category-group__links a").first()).toHaveAttribute("href", /category_id=\d+&level=3$/);
    await context.close();
  });

  test("the tree is in the HTML once: links with category names, not again in the hydration data", async ({ request }) => {
    const html = await (await request.get("/web/goods/category")).text();
    const payload = html.match(/streamController\.enqueue\((.*?)\);<\/script>/s)?.[1] ?? "";
    // Control: the tiles are sent (their short names are in the payload as written).
    const tile = html.match(/class="category-quicknav__name">([^<]+)</)?.[1] ?? "";
    expect(tile).not.toBe("");
    expect(payload).toContain(tile);
    const sections = html.slice(html.indexOf('class="category-sections"'));
    const leaves = [...sections.matchAll(/<a href="\/web\/goods\/list\?category_id=\d+&amp;level=3">([^<]+)<\/a>/g)].map((match) => match[1]!);
    expect(leaves.length).toBeGreaterThan(100);
    // A few names are also in the chrome's data (hot words such as 手机); before, every one was sent.
    const sent = leaves.filter((name) => payload.includes(name));
    expect(sent.length).toBeLessThan(leaves.length / 10);
  });

  test("a tile jumps to its section and a level-3 link opens the list in place", async ({ page }) => {
    await page.goto("/web/goods/category");
    await expect.poll(() => hydrated(page)).toBe(true);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const lastTile = page.locator(".category-quicknav__item").last();
    const anchor = await lastTile.getAttribute("href");
    await lastTile.click();
    await expect(page).toHaveURL(new RegExp(`${anchor}$`));
    await expect(page.locator(anchor!)).toBeInViewport();
    const leaf = page.locator(".category-group__links a").first();
    const href = await leaf.getAttribute("href");
    await leaf.click();
    await expect(page).toHaveURL(new RegExp(`${href!.replace(/[?]/g, "\\?")}$`));
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  });

  test("a client-side visit renders the tree from the browser's data", async ({ page }) => {
    // No page links the tree in its content since the coming-soon pages are gone: a storefront link
    // (a plain anchor the router follows, as <Link> renders) is put on the goods list for the visit.
    // Put once hydration is over (React drops foreign nodes while it hydrates).
    await page.goto("/web/goods/list");
    await expect.poll(() => hydrated(page)).toBe(true);
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const treeLink = page.getByRole("link", { name: "全部分类" });
    await expect(async () => {
      await page.evaluate(() => {
        if (document.getElementById("e2e-tree-link")) return;
        const link = Object.assign(document.createElement("a"), { id: "e2e-tree-link", href: "/web/goods/category", textContent: "全部分类" });
        link.dataset.discover = "true";
        document.querySelector("main")?.prepend(link);
      });
      await expect(treeLink).toBeVisible({ timeout: 500 });
    }).toPass();
    await treeLink.click();
    await expect(page).toHaveURL(/\/web\/goods\/category$/);
    const sections = page.locator(".category-section");
    await expect(sections.first()).toBeVisible();
    expect(await sections.count()).toBe(await page.locator(".category-quicknav__item").count());
    const leaf = sections.first().locator(".category-group__links a").first();
    const href = await leaf.getAttribute("href");
    await leaf.click();
    await expect(page).toHaveURL(new RegExp(`${href!.replace(/[?]/g, "\\?")}$`));
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  });
});

test.describe("brand wall", () => {
  test("shows the brand ad, the A–Z bar and logos", async ({ page }) => {
    await page.goto("/web/goods/brand");
    await expect(page).toHaveTitle(/品牌街/);
    await expect(page.locator(".brand-ad img").first()).toBeVisible();
    await expect(page.locator(".brand-initials__item")).toHaveCount(28);
    await expect(page.locator(".brand-card")).toHaveCount(36);
    await expect(page.locator(".brand-card img").first()).toBeVisible();
  });

  test("filters by initial, pages, searches, and a brand opens its goods list", async ({ page }) => {
    await page.goto("/web/goods/brand");
    const firstOnPageOne = await page.locator(".brand-card__name").first().textContent();
    await page.locator(".url-pagination").getByText("2", { exact: true }).click();
    await expect(page).toHaveURL(/\/web\/goods\/brand\?page=2$/);
    await expect(page.locator(".brand-card__name").first()).not.toHaveText(firstOnPageOne!);

    await page.locator(".brand-initials").getByRole("link", { name: "H", exact: true }).click();
    await expect(page).toHaveURL(/\/web\/goods\/brand\?initial=H$/);
    await expect(page.locator(".brand-initials__item--active")).toHaveText("H");
    await expect(page.locator(".brand-card__name", { hasText: "华为" })).toBeVisible();

    await page.getByLabel("品牌名称").fill("小米");
    await page.locator(".brand-search").getByRole("button", { name: /搜\s*索/ }).click();
    await expect(page).toHaveURL(/\/web\/goods\/brand\?keyword=/);
    await expect(page.locator(".brand-card")).toHaveCount(1);
    const brand = page.locator(".brand-card__link").first();
    await expect(brand).toHaveAttribute("href", /\/web\/goods\/list\?brand_id=\d+$/);
    await brand.click();
    await expect(page).toHaveURL(/\/web\/goods\/list\?brand_id=\d+$/);
  });

  test("an unknown name shows the empty state", async ({ page }) => {
    await page.goto("/web/goods/brand?keyword=不存在的品牌");
    await expect(page.getByText("没有找到与“不存在的品牌”相关的品牌")).toBeVisible();
  });
});

test.describe("store search (/street)", () => {
  test("lists the stores with image, address, hours and phone, server-rendered", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/web/street");
    const cards = page.locator(".store-card");
    await expect(cards).toHaveCount(10);
    const first = cards.first();
    await expect(first.locator("img")).toBeVisible();
    await expect(first).toContainText("营业时间：09:00-21:00");
    await expect(first).toContainText(/联系电话：\d{3,4}-\d+/);
    await expect(page.locator(".url-pagination")).toBeVisible();
    await context.close();
  });

  test("searches by keyword from its own box and from the header's 门店 switch", async ({ page }) => {
    await page.goto("/web/street");
    await page.getByLabel("门店关键词").fill("广东");
    await page.getByRole("button", { name: "搜索门店" }).click();
    await expect(page).toHaveURL(/\/web\/street\?keyword=%E5%B9%BF%E4%B8%9C$/);
    await expect(page.locator(".store-card")).toHaveCount(2);
    await expect(page.locator(".street-summary")).toContainText("与“广东”相关的门店共 2 家");

    await page.getByLabel("门店关键词").fill("火星");
    await page.getByLabel("门店关键词").press("Enter");
    await expect(page.getByText("没有找到与“火星”相关的门店，换个关键词试试")).toBeVisible();

    await page.goto("/web/");
    await page.getByRole("tab", { name: "门店" }).click();
    await page.getByLabel("搜索关键词").fill("上海");
    await page.getByLabel("搜索关键词").press("Enter");
    await expect(page).toHaveURL(/\/web\/street\?keyword=%E4%B8%8A%E6%B5%B7$/);
    await expect(page.locator(".store-card__name")).toHaveText([/上海南京路店/]);
  });
});

test.describe("sitemap and robots.txt", () => {
  test("/web/sitemap.xml lists goods, categories and articles with absolute URLs", async ({ request, baseURL }) => {
    const response = await request.get("/web/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toMatch(new RegExp(`<loc>${baseURL}/web/sku/\\d+</loc>`));
    expect(xml).toMatch(new RegExp(`<loc>${baseURL}/web/goods/list\\?category_id=\\d+&amp;level=3</loc>`));
    expect(xml).toMatch(new RegExp(`<loc>${baseURL}/web/cms/article/detail\\?id=\\d+</loc>`));
  });

  test("/robots.txt keeps crawlers out of member pages and the API and names the sitemap", async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.headers()["content-type"]).toContain("text/plain");
    const text = await response.text();
    for (const path of ["/web/member", "/web/auth", "/web/order", "/web/pay", "/api/"]) expect(text).toContain(`Disallow: ${path}`);
    expect(text).toContain(`Sitemap: ${baseURL}/web/sitemap.xml`);
  });
});
