import { test, expect, type APIRequestContext, type Page } from "@playwright/test";
import { logInToConsole, registerShopper, watchErrors } from "./support.ts";

/**
 * 营销 in the console (issue 23): staff create a coupon type that only they give out, find it by
 * the filter in the URL, issue it to a member picked by searching, and the member finds it in
 * 我的优惠券 as 商家发放; staff add a goods to the seckill slot on now, and guests find it on the
 * storefront's 限时秒杀 page.
 */
const SHOTS = ".cache/console-marketing";

const ticket = (page: Page, name: string) => page.locator("article.coupon-ticket", { hasText: name });

test("staff create a coupon and issue it to a member, who sees it in 我的优惠券", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const suffix = Date.now().toString(36).slice(-5);
  const name = `员工发放券${suffix}`;
  const shopperContext = await browser.newContext();
  const shopper = await registerShopper(shopperContext.request, "mkt");

  await logInToConsole(page);
  await page.goto("/console/marketing/coupon");
  await expect(page.getByRole("heading", { name: "优惠券", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "添加优惠券" }).click();
  await expect(page.getByRole("heading", { name: "添加优惠券" })).toBeVisible();

  // Checked before it is sent: a name, and a 满减 no bigger than its threshold.
  const form = page.getByRole("form", { name: "优惠券" });
  await form.getByRole("button", { name: /保\s*存/ }).click();
  await expect(form.getByText("请填写优惠券名称")).toBeVisible();
  await expect(form.getByText("请填写满减金额")).toBeVisible();
  await expect(form.getByText("减免金额格式不正确")).toHaveCount(0);
  await form.getByLabel("优惠券名称").fill(name);
  await form.getByLabel("减免金额").fill("15");
  await form.getByLabel("使用门槛").fill("10");
  await form.getByRole("button", { name: /保\s*存/ }).click();
  await expect(form.getByText("满减金额不能大于使用门槛")).toBeVisible();
  await form.getByLabel("使用门槛").fill("100");
  await form.getByLabel("有效天数").fill("7");
  await form.getByLabel("领券中心展示").click();
  await page.screenshot({ path: `${SHOTS}-coupon-form.png`, fullPage: true });
  await form.getByRole("button", { name: /保\s*存/ }).click();
  await expect(page.getByText(`优惠券「${name}」已添加`)).toBeVisible();
  await expect(page).toHaveURL(/\/console\/marketing\/coupon$/);

  // Found by the name filter, kept in the URL.
  const filters = page.locator(".console-page__filters");
  await filters.getByLabel("优惠券名称").fill(name);
  await filters.getByRole("button", { name: /查\s*询/ }).click();
  await expect(page).toHaveURL(/keyword=/);
  const row = page.locator(".ant-table-row", { hasText: name });
  await expect(page.locator(".ant-table-row")).toHaveCount(1);
  await expect(row).toContainText("满 100.00 减 15.00");
  await expect(row).toContainText("领取后 7 天有效");
  await expect(row).toContainText("0 / 不限");

  // 发放 to the member, picked by searching the name.
  await row.getByRole("button", { name: "发放" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: /发\s*放/ }).click();
  await expect(dialog.getByText("请选择要发放的会员")).toBeVisible();
  await dialog.getByLabel("发放会员").fill(shopper.username);
  await page.locator(".ant-select-item-option", { hasText: `#${shopper.memberId}` }).click();
  // Closes the options list (Escape would close the dialog).
  await dialog.locator(".ant-modal-title").click();
  await page.screenshot({ path: `${SHOTS}-coupon-send.png`, fullPage: true });
  await dialog.getByRole("button", { name: /发\s*放/ }).click();
  await expect(page.getByText(`已向 1 位会员发放「${name}」`)).toBeVisible();
  await expect(row).toContainText("1 / 不限");
  await page.screenshot({ path: `${SHOTS}-coupon-list.png`, fullPage: true });

  // The member finds it in 我的优惠券, given by the shop.
  const member = await shopperContext.newPage();
  await member.goto("/web/member/coupon");
  await expect(ticket(member, name)).toBeVisible();
  await expect(ticket(member, name)).toContainText("商家发放");
  await member.screenshot({ path: `${SHOTS}-member-coupons.png`, fullPage: true });
  await shopperContext.close();
  expect(errors).toEqual([]);
});

/** A staff call through the console's session (the request shares the page's cookie). */
async function staffCall<T>(request: APIRequestContext, path: string, data: object = {}): Promise<T> {
  const answer = (await (await request.post(path, { data })).json()) as { code: number; message: string; data: T };
  expect(answer.code, answer.message).toBe(0);
  return answer.data;
}

test("staff add a goods to the seckill slot on now; guests find it on 限时秒杀", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const name = `控制台秒杀${Date.now().toString(36).slice(-5)}`;
  await logInToConsole(page);

  // A goods on sale that no seckill holds yet, and the slot on now.
  const seckills = await staffCall<{ list: Array<{ goods_id: number; phase: string }> }>(page.request, "/shopapi/seckill/lists", { page_size: 100 });
  const taken = new Set(seckills.list.filter((item) => item.phase !== "ended" && item.phase !== "closed").map((item) => item.goods_id));
  const goodsPage = await staffCall<{ list: Array<{ goods_id: number; goods_name: string; goods_state: number; goods_stock: number }> }>(page.request, "/shopapi/pc/goodsselect", { page_size: 50 });
  const goods = goodsPage.list.find((item) => item.goods_state === 1 && item.goods_stock > 5 && !taken.has(item.goods_id));
  expect(goods, "a goods on sale without a seckill").toBeTruthy();
  const slots = await staffCall<Array<{ id: number; name: string; state: string }>>(page.request, "/shopapi/seckill/timelists");
  const onNow = slots.find((slot) => slot.state === "running");
  expect(onNow, "a slot on now (the seed covers the day)").toBeTruthy();

  await page.goto("/console/marketing/seckill");
  await expect(page.getByRole("heading", { name: "限时秒杀", level: 1 })).toBeVisible();
  await expect(page.locator(".ant-card", { hasText: "秒杀场次" }).locator(".ant-table-row", { hasText: onNow!.name })).toBeVisible();
  await page.getByRole("button", { name: "添加秒杀商品" }).click();
  const drawer = page.getByRole("dialog");
  await drawer.getByLabel("活动名称").fill(name);
  await drawer.getByRole("combobox", { name: "秒杀商品" }).fill(goods!.goods_name);
  await page.locator(".ant-select-item-option", { hasText: goods!.goods_name }).first().click();
  // Closes the options list (Escape would close the drawer).
  await drawer.locator(".ant-drawer-title").click();
  const prices = drawer.getByLabel(/的秒杀价$/);
  await expect(prices.first()).toBeVisible();
  // Checked before it is sent: every SKU taking part needs its price.
  await drawer.getByRole("button", { name: /保\s*存/ }).click();
  await expect(drawer.getByText(/的秒杀价须为大于 0 的金额/)).toBeVisible();
  for (const input of await prices.all()) await input.fill("1.99");
  await drawer.getByRole("checkbox", { name: new RegExp(onNow!.name) }).check();
  await page.screenshot({ path: `${SHOTS}-seckill-drawer.png`, fullPage: true });
  await drawer.getByRole("button", { name: /保\s*存/ }).click();
  await expect(page.getByText(`秒杀活动「${name}」已添加`)).toBeVisible();
  const row = page.locator(".ant-table-row", { hasText: name });
  await expect(row).toContainText("¥1.99");
  await expect(row).toContainText("进行中");
  await expect(row).toContainText(onNow!.name);
  await page.screenshot({ path: `${SHOTS}-seckill-list.png`, fullPage: true });

  // A guest finds it among the slot's goods.
  const guest = await browser.newPage();
  await guest.goto("/web/promotion/seckill");
  const card = guest.locator(".seckill-card", { hasText: goods!.goods_name });
  await expect(card).toBeVisible();
  await expect(card.locator(".promo-card__price")).toHaveText("¥1.99");
  await guest.screenshot({ path: `${SHOTS}-seckill-storefront.png`, fullPage: true });
  await guest.close();
  expect(errors).toEqual([]);
});

test("staff see the group buys with their sales, filtered by status in the URL, and the add drawer checks its fields", async ({ page }) => {
  const errors = watchErrors(page);
  await logInToConsole(page);
  await page.goto("/console/marketing/groupbuy");
  await expect(page.getByRole("heading", { name: "拼团", level: 1 })).toBeVisible();
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  await page.locator(".console-page__filters").getByLabel("状态").click();
  await page.locator(".ant-select-item-option", { hasText: "进行中" }).click();
  await page.locator(".console-page__filters").getByRole("button", { name: /查\s*询/ }).click();
  await expect(page).toHaveURL(/status=running/);
  await expect(page.locator(".ant-table-row").filter({ hasNotText: "进行中" })).toHaveCount(0);
  await expect(page.locator(".ant-table-row").first()).toContainText("进行中");
  await page.screenshot({ path: `${SHOTS}-groupbuy-list.png`, fullPage: true });
  await page.getByRole("button", { name: "添加团购活动" }).click();
  const drawer = page.getByRole("dialog");
  await drawer.getByRole("button", { name: /保\s*存/ }).click();
  await expect(drawer.getByText("请选择团购商品")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-groupbuy-drawer.png`, fullPage: true });
  expect(errors).toEqual([]);
});
