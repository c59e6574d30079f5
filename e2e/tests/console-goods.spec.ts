import { test, expect, type Page } from "@playwright/test";
import { addBrandInConsole, choosePickup, expectPaid, logInToConsole, payInSandbox, registerShopper, watchErrors } from "./support.ts";

/**
 * The owner's walk through the goods editor in the console (issue 22): a category and a brand of
 * their own, then a goods item in them with 2×2 specs, pictures put in order and a description,
 * created in /console/goods/add; guests find it in the storefront's category list, search and SKU
 * page (switching spec); a member buys it (门店自提, 演示支付); a new price shows on the guest's
 * next page; off the shelf, it is gone from the list and search; the recycle bin and back.
 * (Ads and floors: console-content.spec.ts; closing the shop: console-settings.spec.ts; the
 * Excel import: console-goods-import.spec.ts.)
 */
const SHOTS = ".cache/console-goods";

async function addSpec(page: Page, index: number, name: string, values: string[]): Promise<void> {
  await page.getByRole("button", { name: /添加规格/ }).click();
  await page.getByLabel(`规格${index} 名称`).fill(name);
  const valuesInput = page.getByLabel(`规格${index} 的规格值`);
  for (const value of values) {
    await valuesInput.fill(value);
    await valuesInput.press("Enter");
  }
}

const drawer = (page: Page) => page.getByRole("dialog");
const saveDrawer = (page: Page) => drawer(page).getByRole("button", { name: /保\s*存/ }).click();

/** A top-level category and a brand (with its logo), made in their console pages. */
async function addCategoryAndBrand(page: Page, category: string, brand: string): Promise<void> {
  await page.goto("/console/goods/category");
  await page.getByRole("button", { name: "添加一级分类" }).click();
  await drawer(page).getByLabel("分类名称").fill(category);
  await saveDrawer(page);
  await expect(page.getByText(`分类「${category}」已添加`)).toBeVisible();
  await addBrandInConsole(page, brand, "z");
}

const guestSearch = (page: Page, keyword: string) => page.goto(`/web/goods/list?keyword=${encodeURIComponent(keyword)}`);
const listNames = (page: Page) => page.locator(".goods-list-item__name");

test("an owner adds a category, a brand and 2×2 goods in the console; guests find and switch it, a member buys it, the new price shows; off the shelf it is gone", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  const suffix = Date.now().toString(36);
  const name = `控制台衬衫${suffix}`;
  const category = `店主新品类${suffix.slice(-4)}`;
  const brand = `店主品牌${suffix.slice(-4)}`;
  await logInToConsole(page);
  await addCategoryAndBrand(page, category, brand);

  await page.goto("/console/goods/add");
  await expect(page.getByRole("heading", { name: "发布商品" })).toBeVisible();
  await page.getByLabel("商品名称").fill(name);
  await page.getByLabel("促销语").fill("纯棉透气，四色可选");
  // The new category and brand, found by typing (the shop has hundreds of each).
  await page.getByLabel("商品分类").fill(category);
  await page.locator(".ant-cascader-menu-item", { hasText: category }).first().click();
  await page.keyboard.press("Escape");
  await page.getByLabel("品牌").fill(brand);
  await page.locator(".ant-select-item-option", { hasText: brand }).click();
  // Pickup besides express: the member below collects it at a store.
  await page.getByRole("checkbox", { name: "门店自提" }).check();
  const picture = await (await page.request.get("/upload/seed/site/logo-square.png")).body();
  const pictureInput = page.locator(".ant-form-item", { hasText: "商品图片" }).locator("input[type=file]");
  await pictureInput.setInputFiles([
    { name: "front.png", mimeType: "image/png", buffer: picture },
    { name: "back.png", mimeType: "image/png", buffer: picture },
  ]);
  const pictures = page.locator(".ant-form-item", { hasText: "商品图片" });
  await expect(pictures.locator(".ant-upload-list-item-done, .ant-upload-list-item")).toHaveCount(2);
  // The second picture becomes the main one, from the keyboard: Space lifts it, ← moves it, Space drops it.
  const uploadedOrder = await pictures.locator(".ant-upload-list-item img").evaluateAll((images) => images.map((image) => image.getAttribute("src") ?? ""));
  const second = pictures.getByRole("button", { name: "移动第 2 张图片（共 2 张）" });
  await second.focus();
  await page.keyboard.press("Space");
  await expect(second).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("ArrowLeft");
  // dnd-kit learns the drop target in an effect after the move is drawn: dropping before that drops it
  // where it was. Its live region says the target once known (ImageField's announcements).
  await expect(page.locator("[id^='DndLiveRegion']")).toHaveText("第 2 张图片移到第 1 张的位置");
  // While lifted the card only moves on screen (a transform on the handle's card); dropping reorders.
  await expect(second.locator("xpath=..")).toHaveAttribute("style", /translate3d\(-/);
  await page.keyboard.press("Space");
  await expect(pictures.locator(".ant-upload-list-item img").first()).toHaveAttribute("src", uploadedOrder[1]!);
  await expect(pictures.getByRole("button", { name: "移动第 1 张图片（共 2 张，主图）" })).toBeVisible();

  await addSpec(page, 1, "颜色", ["红色", "蓝色"]);
  await addSpec(page, 2, "尺码", ["S", "M"]);
  await expect(page.getByLabel("红色 S 销售价")).toBeVisible();
  await expect(page.getByLabel("蓝色 M 销售价")).toBeVisible();
  await page.getByLabel("批量设置的值").fill("66.00");
  await page.getByRole("button", { name: "应用到全部 SKU" }).click();
  for (const row of ["红色 S", "红色 M", "蓝色 S", "蓝色 M"]) await page.getByLabel(`${row} 库存`, { exact: true }).fill("20");
  await page.getByLabel("蓝色 M 销售价").fill("68.00");

  const editor = page.locator("[data-slate-editor]");
  await editor.click();
  await page.keyboard.type("控制台写的商品详情：纯棉面料。");
  await page.screenshot({ path: `${SHOTS}-add.png`, fullPage: true });
  await page.getByRole("button", { name: /保\s*存/ }).click();
  await expect(page.getByText("商品已添加")).toBeVisible();
  await expect(page).toHaveURL(/\/console\/goods\/edit\/\d+$/);
  // The edit page reads the saved goods back (its SKUs now have ids): edits wait for that.
  await page.waitForLoadState("networkidle");
  const goodsId = Number(/\/edit\/(\d+)$/.exec(page.url())![1]);

  const info = (await (await page.request.post("/shopapi/goods/editgetgoodsinfo", { data: { goods_id: goodsId } })).json()) as {
    data: { category_id: number[]; goods_content: string; goods_image: string; sku_list: Array<{ sku_id: number; spec_name: string; price: string }> };
  };
  expect(info.data.sku_list.map((sku) => [sku.spec_name, sku.price])).toEqual([["红色 S", "66.00"], ["红色 M", "66.00"], ["蓝色 S", "66.00"], ["蓝色 M", "68.00"]]);
  expect(info.data.goods_content).toContain("纯棉面料");
  // Saved in the order the owner put them: the moved picture first (the main picture).
  const stem = (path: string) => path.split("/").pop()!.replace(/\.\w+$/, "");
  expect(info.data.goods_image.split(",").map((path) => uploadedOrder.findIndex((src) => src.includes(stem(path))))).toEqual([1, 0]);
  const leaf = info.data.category_id[info.data.category_id.length - 1]!;
  const redSmall = info.data.sku_list[0]!.sku_id;

  // A guest (a context of its own, no staff cookie).
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(`/web/goods/list?category_id=${leaf}&level=${info.data.category_id.length}&order=create_time&sort=desc`);
  await expect(listNames(guest).filter({ hasText: name })).toHaveCount(1);
  await guestSearch(guest, name);
  await expect(listNames(guest).first()).toContainText(name);
  await guest.goto(`/web/sku/${redSmall}`);
  await guest.waitForLoadState("networkidle");
  await expect(guest.locator("h1")).toContainText(name);
  await expect(guest.locator(".sku-price__value")).toContainText("66.00");
  await guest.getByRole("radiogroup", { name: "颜色" }).getByRole("radio", { name: "蓝色" }).click();
  await guest.getByRole("radiogroup", { name: "尺码" }).getByRole("radio", { name: "M" }).click();
  await expect(guest.locator(".sku-price__value")).toContainText("68.00");
  await expect(guest).not.toHaveURL(new RegExp(`/web/sku/${redSmall}$`));
  await guest.screenshot({ path: `${SHOTS}-guest-sku.png` });
  // The breadcrumb names the owner's category and brand.
  await expect(guest.getByRole("navigation", { name: "当前位置" })).toContainText(category);
  await expect(guest.getByRole("navigation", { name: "当前位置" })).toContainText(brand);

  // A member buys it: 立即购买 → 门店自提 → 提交订单 → 演示支付.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await registerShopper(memberContext.request, "walk");
  await member.goto(`/web/sku/${redSmall}`);
  await member.waitForLoadState("networkidle");
  await member.getByRole("button", { name: "立即购买" }).click();
  await expect(member).toHaveURL(new RegExp(`/web/order/payment\\?sku_id=${redSmall}&num=1$`));
  await choosePickup(member);
  await member.getByRole("button", { name: "提交订单" }).click();
  await expect(member).toHaveURL(/\/web\/pay\?code=\d+$/);
  await payInSandbox(member, { payCents: 6600 });
  await expectPaid(member, 6600, "演示支付");
  await memberContext.close();

  // A new price in the console: the guest's next page shows it.
  await page.getByLabel("红色 S 销售价").fill("55.50");
  await page.getByRole("button", { name: /保\s*存/ }).click();
  await expect(page.getByText("商品已保存")).toBeVisible();
  await guest.goto(`/web/sku/${redSmall}`);
  await expect(guest.locator(".sku-price__value")).toContainText("55.50");

  // Off the shelf from the console's list: gone from the guest's list and search.
  await page.goto(`/console/goods?search_text=${encodeURIComponent(name)}`);
  const row = page.locator(".ant-table-row", { hasText: name });
  await expect(row).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}-list.png`, fullPage: true });
  await row.getByRole("button", { name: "下架" }).click();
  await expect(page.getByText("已下架 1 件商品")).toBeVisible();
  await expect(row.getByText("仓库中")).toBeVisible();
  await guestSearch(guest, name);
  await expect(listNames(guest).filter({ hasText: name })).toHaveCount(0);
  await guest.goto(`/web/goods/list?category_id=${leaf}&level=${info.data.category_id.length}&order=create_time&sort=desc`);
  await expect(listNames(guest).filter({ hasText: name })).toHaveCount(0);

  // Into the recycle bin and back.
  await row.getByRole("button", { name: "删除" }).click();
  await page.getByRole("button", { name: /确\s*定|OK/ }).click();
  await expect(page.getByText("已将 1 件商品移入回收站")).toBeVisible();
  await page.goto("/console/goods/recycle");
  await expect(page.locator(".ant-table-row", { hasText: name })).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}-recycle.png`, fullPage: true });
  await page.locator(".ant-table-row", { hasText: name }).getByRole("button", { name: "恢复" }).click();
  await expect(page.getByText("已恢复 1 件商品（在仓库中）")).toBeVisible();

  await guestContext.close();
  expect(errors).toEqual([]);
});
