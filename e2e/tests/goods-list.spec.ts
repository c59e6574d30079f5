import { test, expect, type Page } from "@playwright/test";

/** Goods list and search (/goods/list) on the seeded catalog. */

const search = (keyword: string) => `/web/goods/list?keyword=${encodeURIComponent(keyword)}`;
const names = (page: Page) => page.locator(".goods-list-item__name");

/** The page is interactive (links navigate in place); before that, links still work as plain links. */
async function openList(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState("networkidle");
}

test("searching 手机 lists phones first, server-rendered with the search title", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await openList(page, search("手机"));
  await expect(page).toHaveTitle(/^手机 - 商品搜索 - /);
  await expect(names(page).first()).toContainText("手机");
  expect(await names(page).count()).toBeGreaterThan(3);
  await expect(page.locator(".goods-list-crumbs__keyword")).toHaveText("“手机”");
  await expect(page.locator(".goods-list-item__picture img").first()).toHaveAttribute("src", /_mid\.\w+$/);
  await expect(page.locator(".goods-list-item__price").first()).toHaveText(/^¥\d+\.\d{2}$/);
  const href = await page.locator(".goods-list-item__picture").first().getAttribute("href");
  expect(href).toMatch(/^\/web\/sku\/\d+$/);
  expect(errors).toEqual([]);
});

test("sorting and filters go into the URL and narrow the list", async ({ page }) => {
  await openList(page, search("蓝牙耳机"));
  const total = Number(await page.locator(".goods-list-sortbar__summary em").innerText());

  await page.getByRole("link", { name: /价格/ }).click();
  await expect(page).toHaveURL(/order=discount_price&sort=asc/);
  const prices = async () => (await page.locator(".goods-list-item__price").allInnerTexts()).map((text) => Number(text.replace("¥", "")));
  await expect.poll(async () => { const list = await prices(); return list.every((price, index) => index === 0 || list[index - 1]! <= price); }).toBe(true);

  await page.getByRole("checkbox", { name: "包邮" }).click();
  await expect(page).toHaveURL(/is_free_shipping=1/);
  await expect(page.getByRole("checkbox", { name: "包邮" })).toHaveAttribute("aria-checked", "true");
  await expect.poll(async () => Number(await page.locator(".goods-list-sortbar__summary em").innerText())).toBeLessThanOrEqual(total);
  const items = page.locator(".goods-list-item");
  const tagged = page.locator(".goods-list-item", { has: page.locator(".goods-list-item__tag", { hasText: "包邮" }) });
  await expect.poll(async () => (await items.count()) === (await tagged.count())).toBe(true);

  await page.getByLabel("最低价").fill("100");
  await page.getByLabel("最高价").fill("500");
  await page.getByRole("button", { name: "确定" }).click();
  await expect(page).toHaveURL(/min_price=100&max_price=500/);
  await expect(page.locator(".goods-list-crumbs__tag", { hasText: "价格" })).toBeVisible();
  // The URL alone restores the list: reload it.
  await page.reload();
  await expect(page.getByLabel("最低价")).toHaveValue("100");
  await expect(page.getByRole("checkbox", { name: "包邮" })).toHaveAttribute("aria-checked", "true");
});

test("a category list pages through its goods and changes the page size", async ({ page }) => {
  await openList(page, "/web/goods/list?category_id=1&level=1");
  await expect(page.locator(".goods-list-crumbs")).toContainText("手机数码");
  const firstOnPageOne = await names(page).first().innerText();
  await page.locator(".goods-list-pagination").getByRole("link", { name: "2", exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(names(page).first()).not.toHaveText(firstOnPageOne);
  await page.locator(".goods-list-pagination").getByLabel("每页条数").selectOption({ label: "40 条/页" });
  await expect(page).toHaveURL(/page_size=40/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.locator(".goods-list-item")).toHaveCount(40);
});

test("filters and paging work without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/web/goods/list?category_id=1&level=1");
  await page.locator(".goods-list-pagination").getByRole("link", { name: "2", exact: true }).click();
  await expect(page).toHaveURL(/category_id=1&level=1&page=2/);
  await page.getByLabel("最高价").fill("300");
  await page.getByRole("button", { name: "确定" }).click();
  await expect(page).toHaveURL(/max_price=300/);
  await expect(page).toHaveURL(/category_id=1/);
  await expect(page).not.toHaveURL(/page=2/);
  await context.close();
});

test("an unknown word shows the empty state with hot words", async ({ page }) => {
  await openList(page, search("qqzzxx"));
  await expect(page.getByText("没有找到相关商品")).toBeVisible();
  const hotWord = page.locator(".goods-list-empty__hot a").first();
  await expect(hotWord).toBeVisible();
  const word = await hotWord.innerText();
  await hotWord.click();
  await expect(page).toHaveURL(new RegExp(`keyword=${encodeURIComponent(word)}`));
  await expect(names(page).first()).toBeVisible();
});

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Calls the API the storefront uses (data of a code-0 answer). */
async function apiData<T>(page: Page, path: string, body: object): Promise<T> {
  const response = await page.request.post(path, { data: body });
  const envelope = (await response.json()) as { code: number; message: string; data: T };
  expect(envelope.code, envelope.message).toBe(0);
  return envelope.data;
}

test("every brand on the wall opens a list of its goods, named in the crumbs and the title", async ({ page }) => {
  await openList(page, "/web/goods/brand");
  const card = page.locator(".brand-card__link").nth(5);
  const name = (await card.locator(".brand-card__name").innerText()).trim();
  await card.click();
  await expect(page).toHaveURL(/\/web\/goods\/list\?brand_id=\d+$/);
  await expect(page).toHaveTitle(new RegExp(`^${literal(name)} - 商品列表 - `));
  await expect(page.locator(".goods-list-crumbs__tag")).toHaveText(new RegExp(`^品牌：${literal(name)}`));
  await expect(names(page).first()).toBeVisible();

  // The API behind the wall: every brand it lists has goods on sale.
  const wall = await apiData<{ count: number; list: Array<{ brand_id: number }> }>(page, "/api/goodsbrand/page", { page_size: 100 });
  for (const brand of wall.list) {
    const listed = await apiData<{ count: number }>(page, "/api/goodssku/page", { brand_id: brand.brand_id, page_size: 1 });
    expect(listed.count, `brand ${brand.brand_id}`).toBeGreaterThan(0);
  }
});

test("a brand without goods in the result is still named; an unknown brand says so", async ({ page }) => {
  // A brand of the wall whose goods are not phones: the 手机 search holds none of them.
  const phoneBrands = await apiData<{ list: Array<{ brand_id: number }> }>(page, "/api/goodssku/brands", { keyword: "手机" });
  const wall = await apiData<{ list: Array<{ brand_id: number; brand_name: string }> }>(page, "/api/goodsbrand/page", { page_size: 100 });
  const other = wall.list.find((brand) => !phoneBrands.list.some((facet) => facet.brand_id === brand.brand_id))!;
  await openList(page, `${search("手机")}&brand_id=${other.brand_id}`);
  await expect(page.locator(".goods-list-crumbs__tag")).toHaveText(new RegExp(`^品牌：${literal(other.brand_name)}`));
  await expect(page.getByText("没有找到相关商品")).toBeVisible();

  await openList(page, "/web/goods/list?brand_id=9999");
  await expect(page).toHaveTitle(/^品牌不存在 - 商品列表 - /);
  await expect(page.locator(".goods-list-crumbs__tag")).toHaveText(/^未知品牌/);
  await expect(page.locator(".goods-list-crumbs")).not.toContainText("9999");
  await expect(page.getByText("没有找到这个品牌")).toBeVisible();
  await page.getByRole("link", { name: "查看全部商品" }).click();
  await expect(page).toHaveURL(/\/web\/goods\/list$/);
  await expect(names(page).first()).toBeVisible();
});

test("a search offers only the categories its results lie in, with their counts", async ({ page }) => {
  await openList(page, search("手机"));
  const choices = page.locator(".goods-list-filters__value");
  await expect(choices.first()).toBeVisible();
  const labels = await choices.allInnerTexts();
  expect(labels.length).toBeLessThan(12);
  expect(labels.join(" ")).not.toContain("图书");
  expect(labels[0]).toMatch(/^手机数码（\d+）$/);
  const expected = Number(/（(\d+)）/.exec(labels[0]!)![1]);
  await choices.first().click();
  await expect(page).toHaveURL(/keyword=.*&category_id=\d+&level=1/);
  await expect(page.locator(".goods-list-sortbar__summary em")).toHaveText(String(expected));
  // One level down: the level-2 categories of 手机数码 that hold phones.
  const below = await page.locator(".goods-list-filters__value").allInnerTexts();
  expect(below.length).toBeGreaterThan(0);
  expect(below.every((label) => /（\d+）$/.test(label))).toBe(true);
});

test("a page past the end says so and links to the last page; the pagers agree", async ({ page }) => {
  await openList(page, "/web/goods/list?page=999");
  await expect(page.getByText("这一页没有商品了")).toBeVisible();
  await expect(page.locator(".goods-list-sortbar__pager")).toHaveCount(0);
  await expect(page.locator(".goods-list-pagination")).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  const last = page.getByRole("link", { name: /去最后一页/ });
  const lastPage = Number(/第 (\d+) 页/.exec(await last.innerText())![1]);
  expect(lastPage).toBeGreaterThan(1);
  await last.click();
  await expect(page).toHaveURL(new RegExp(`page=${lastPage}$`));
  await expect(names(page).first()).toBeVisible();
  await expect(page.locator(".goods-list-sortbar__pager b")).toHaveText(String(lastPage));
  await expect(page.locator('.goods-list-pagination [aria-current="page"]')).toHaveText(String(lastPage));
});
