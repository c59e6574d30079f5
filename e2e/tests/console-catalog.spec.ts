import { test, expect, type Page } from "@playwright/test";
import { addBrandInConsole, logInToConsole, watchErrors } from "./support.ts";

/**
 * The owner's catalogue taxonomy in the console (issue 22): a category (with a sub-category) and a
 * brand created in /console/; guests see them on their next storefront page — the category page,
 * and the goods list's brand filter — and a rename shows at once too.
 */
const SHOTS = ".cache/console-catalog";

const drawer = (page: Page) => page.getByRole("dialog");
/** The storefront's category page itself (the header's menu lists categories too, hidden until hovered). */
const categoryPage = (page: Page) => page.locator(".category-page");
const save = (page: Page) => drawer(page).getByRole("button", { name: /保\s*存/ }).click();

test("an owner adds a category and a brand in the console; guests see them, and a rename, on their next page", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const suffix = Date.now().toString(36).slice(-4);
  const top = `控制台分类${suffix}`;
  const child = `控制台子类${suffix}`;
  const brand = `控制台品牌${suffix}`;
  await logInToConsole(page);

  // A guest's category page before: cached, without the new category.
  const guest = await browser.newPage();
  await guest.goto("/web/goods/category");
  await expect(categoryPage(guest).getByText(top)).toHaveCount(0);

  await page.goto("/console/goods/category");
  await expect(page.getByRole("heading", { name: "商品分类" })).toBeVisible();
  await page.getByRole("button", { name: "添加一级分类" }).click();
  // Validated before it is sent.
  await save(page);
  await expect(drawer(page).getByText("请输入分类名称")).toBeVisible();
  await drawer(page).getByLabel("分类名称").fill(top);
  await save(page);
  await expect(page.getByText(`分类「${top}」已添加`)).toBeVisible();
  const topNode = page.locator(".ant-tree-treenode", { hasText: top });
  await topNode.getByRole("button", { name: "添加子分类" }).click();
  await drawer(page).getByLabel("分类名称").fill(child);
  await save(page);
  await expect(page.getByText(`分类「${child}」已添加`)).toBeVisible();
  // Right after the first drawer closed: the sub-category went under its parent, at level 2.
  await expect(page.locator(".ant-tree-treenode", { hasText: child })).toContainText("二级");
  await page.screenshot({ path: `${SHOTS}-category.png`, fullPage: true });

  await guest.goto("/web/goods/category");
  await expect(categoryPage(guest).getByText(top).first()).toBeVisible();
  await expect(categoryPage(guest).getByText(child).first()).toBeVisible();

  // A rename shows on the guest's next page.
  await page.locator(".ant-tree-treenode", { hasText: child }).getByRole("button", { name: "编辑" }).click();
  await drawer(page).getByLabel("分类名称").fill(`${child}改`);
  await save(page);
  await expect(page.getByText("分类已保存")).toBeVisible();
  await guest.goto("/web/goods/category");
  await expect(categoryPage(guest).getByText(`${child}改`).first()).toBeVisible();

  await addBrandInConsole(page, brand, "k");
  const filters = page.locator(".console-page__filters");
  await filters.getByLabel("品牌名称").fill(brand);
  await filters.getByRole("button", { name: /查\s*询/ }).click();
  await expect(page).toHaveURL(/search_text=/);
  // The list is filtered by the search in the URL: only the new brand is left.
  await expect(page.locator(".ant-table-row")).toHaveCount(1);
  await expect(page.locator(".ant-table-row", { hasText: brand })).toContainText("K");
  await page.screenshot({ path: `${SHOTS}-brand.png`, fullPage: true });

  const found = (await (await page.request.post("/shopapi/goodsbrand/lists", { data: { search_text: brand } })).json()) as { data: { list: Array<{ brand_id: number; image_url: string }> } };
  const brandId = found.data.list[0]!.brand_id;
  expect(found.data.list[0]!.image_url).toMatch(/^upload\/goods\//);
  // The goods list filtered by the brand names it (the brand wall lists brands once they have goods on sale).
  await guest.goto(`/web/goods/list?brand_id=${brandId}`);
  await expect(guest.getByText(brand).first()).toBeVisible();
  await guest.close();
  expect(errors).toEqual([]);
});
