import { test, expect, type Page } from "@playwright/test";

/** Content pages (SPEC §2 Content routes) on the seeded shop. */

const articleTitle = (page: Page) => page.locator("h1.cms-article__title");
const cardTitles = (page: Page) => page.locator(".cms-card__title a");

test("a footer help link leads to its article, with the help menu beside it", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/web/cms/article/list");
  const link = page.locator(".footer-help dd a").first();
  const title = (await link.textContent())?.trim() ?? "";
  expect(title).not.toBe("");
  await link.click();
  await expect(page).toHaveURL(/\/web\/cms\/help-\d+$/);
  await expect(articleTitle(page)).toHaveText(title);
  await expect(page.locator(".cms-side__item-link--active")).toHaveText(title);
  await expect(page).toHaveTitle(new RegExp(`^${title} - `));
  expect(errors).toEqual([]);
});

test("the help link forms render server-side like their query forms", async ({ page, request }) => {
  const listOther = await request.get("/web/cms/help/listother-2");
  expect(listOther.status()).toBe(200);
  const listHtml = await listOther.text();
  expect(listHtml).toContain("cms-side");
  expect(listHtml).toContain('rel="canonical" href="/web/cms/help/list?id=2"');

  await page.goto("/web/cms/help/listother-2");
  const className = (await page.locator(".cms-side__group-link--active").textContent())?.trim() ?? "";
  await expect(page.locator("h1.cms-panel__title")).toHaveText(className);
  await page.goto("/web/cms/help/list?id=2");
  await expect(page.locator("h1.cms-panel__title")).toHaveText(className);

  const detail = await page.goto("/web/cms/help-1");
  expect(detail?.status()).toBe(200);
  const title = (await articleTitle(page).textContent())?.trim() ?? "";
  expect(title).not.toBe("");
  await page.goto("/web/cms/help/detail?id=1");
  await expect(articleTitle(page)).toHaveText(title);

  for (const path of ["/web/cms/help/listother-x", "/web/cms/help/listother-999999", "/web/cms/help-1x", "/web/cms/help-999999", "/web/cms/whatever"]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});

test("article list paging changes the URL and the articles", async ({ page }) => {
  await page.goto("/web/cms/article/list");
  const firstPage = await cardTitles(page).allTextContents();
  expect(firstPage.length).toBe(10);
  await page.locator(".cms-pagination").getByRole("link", { name: "2", exact: true }).click();
  await expect(page).toHaveURL(/\/web\/cms\/article\/list\?page=2$/);
  await expect(page.locator('.cms-pagination [aria-current="page"]')).toHaveText("2");
  const secondPage = await cardTitles(page).allTextContents();
  expect(secondPage.length).toBeGreaterThan(0);
  expect(secondPage.filter((title) => firstPage.includes(title))).toEqual([]);

  // A category keeps its own query and starts again at page 1.
  const categoryLink = page.locator(".cms-side__group-link").nth(1);
  const category = (await categoryLink.textContent())?.replace(/\(\d+\)$/, "").trim() ?? "";
  await categoryLink.click();
  await expect(page).toHaveURL(/\/web\/cms\/article\/list\?category_id=\d+$/);
  await expect(page.locator("h1.cms-panel__title")).toHaveText(category);
  await expect(page.locator(".cms-card__category").first()).toHaveText(category);

  // An article opens with its content and a way back to its category.
  const first = cardTitles(page).first();
  const title = (await first.textContent())?.trim() ?? "";
  await first.click();
  await expect(page).toHaveURL(/\/web\/cms\/article\/detail\?id=\d+$/);
  await expect(articleTitle(page)).toHaveText(title);
  await expect(page.locator(".cms-article__content p").first()).toBeVisible();
  await expect(page.locator(".cms-neighbours__back")).toHaveText(`返回${category}`);
});

test("an unknown article id answers 404", async ({ page }) => {
  const response = await page.goto("/web/cms/article/detail?id=999999");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("This page could not be found")).toBeVisible();
  expect((await page.request.get("/web/cms/article/detail?id=abc")).status()).toBe(404);
  expect((await page.request.get("/web/cms/notice/detail?id=999999")).status()).toBe(404);
});

test("notices list pinned ones first and open their page", async ({ page }) => {
  await page.goto("/web/cms/notice/list");
  const rows = page.locator(".cms-row");
  await expect(rows.first().locator(".cms-row__tag")).toHaveText("置顶");
  const title = (await rows.first().locator(".cms-row__title").textContent())?.trim() ?? "";
  await rows.first().click();
  await expect(page).toHaveURL(/\/web\/cms\/notice\/detail\?id=\d+$/);
  await expect(articleTitle(page)).toHaveText(title);
});
