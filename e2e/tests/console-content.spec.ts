import { test, expect, type Page } from "@playwright/test";
import { CACHED_SHOP_PORT } from "../playwright.config.ts";
import { chooseFirstOption, logInToConsole, watchErrors } from "./support.ts";

/**
 * The owner's content in the console (issue 22), on the shop with its page and data caches on as
 * in production: an edited carousel ad and home floor, and a new article, reach guests on their
 * next request. Every content page is checked with axe and photographed by console-axe.spec.ts.
 */
test.use({ baseURL: `http://127.0.0.1:${CACHED_SHOP_PORT}` });

const drawerSave = (page: Page) => page.locator(".ant-drawer").getByRole("button", { name: /保\s*存/ }).click();

test("the owner changes a carousel ad and a home floor and publishes an article; guests see each on their next request", async ({ page, browser }) => {
  test.setTimeout(120_000); // three saves, each purging the shop's caches
  const errors = watchErrors(page);
  const guest = await browser.newPage();
  await guest.goto("/web/"); // warm the cached home page: the changes must come through purges

  await logInToConsole(page);

  // A carousel ad: renamed (its picture's alt text on the home page).
  await page.goto("/console/content/adv");
  await page.getByRole("button", { name: "首页轮播广告" }).click();
  await expect(page.getByRole("heading", { name: "「首页轮播广告」的广告" })).toBeVisible();
  await page.getByRole("button", { name: /编\s*辑/ }).first().click();
  const adTitle = page.getByLabel("广告名称");
  await adTitle.fill("");
  await drawerSave(page);
  await expect(page.getByText("请填写广告名称")).toBeVisible();
  await adTitle.fill("焕新季 轮播广告");
  await page.getByLabel("链接地址").fill("javascript:alert(1)");
  await drawerSave(page);
  await expect(page.getByText("链接地址须为站内路径（以 / 开头）或 http(s):// 开头的网址")).toBeVisible();
  await page.getByLabel("链接地址").fill("/goods/list?keyword=焕新");
  await drawerSave(page);
  await expect(page.getByText("广告已保存")).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: ".cache/console-content-adv-saved.png", fullPage: true });
  await guest.goto("/web/");
  await expect(guest.locator('img[alt="焕新季 轮播广告"]').first()).toBeAttached();

  // The first home floor: its title block's text.
  await page.goto("/console/content/home");
  await page.getByRole("button", { name: /编\s*辑/ }).first().click();
  await page.getByLabel("楼层标题文字").fill("焕新楼层 限时特惠");
  await drawerSave(page);
  await expect(page.getByText("楼层已保存，首页已更新")).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: ".cache/console-content-home-saved.png", fullPage: true });
  await guest.goto("/web/");
  await expect(guest.getByText("焕新楼层 限时特惠")).toBeVisible();

  // A new article with rich text.
  await guest.goto("/web/cms/article/list"); // cached before the article exists
  await page.goto("/console/content/article");
  await page.getByRole("button", { name: "添加文章" }).click();
  await expect(page).toHaveURL(/\/console\/content\/article\/edit$/);
  await page.getByLabel("文章标题").fill("新店开业 全场包邮");
  await chooseFirstOption(page, "文章分类");
  const editor = page.locator("[data-slate-editor]");
  await editor.click();
  await page.keyboard.type("开业期间全场包邮，欢迎选购。");
  await page.screenshot({ path: ".cache/console-content-article-typed.png", fullPage: true });
  await page.getByRole("button", { name: /保\s*存/ }).click();
  await expect(page.getByText("文章已发布")).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/console\/content\/article$/);
  await guest.goto("/web/cms/article/list");
  await guest.getByRole("link", { name: "新店开业 全场包邮" }).first().click();
  await expect(guest.getByText("开业期间全场包邮，欢迎选购。")).toBeVisible();

  expect(errors).toEqual([]);
  await guest.close();
});
