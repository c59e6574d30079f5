import path from "node:path";
import { test, expect, type APIRequestContext, type Page } from "@playwright/test";
import { api, REPO_ROOT, registerShopper, watchErrors, withServerDb } from "./support.ts";

/**
 * Group buys and combos as shoppers meet them (SPEC §2 /promotion/groupbuy, /promotion/groupbuy/{id},
 * /promotion/combo/{id} and their payment pages; docs/api/groupbuy.md, docs/api/bundling.md): a
 * guest browses the running group buys; a member buys one at its price, never fewer than its
 * minimum, and a combo with a spec chosen per goods, pays, and finds the promotion on the order; the
 * SKU page shows 团购价 and 组合套餐. The seed starts running group buys and combos (with specs).
 */

interface GroupbuyItem {
  groupbuy_id: number;
  goods_id: number;
  sku_id: number;
  goods_name: string;
  price: string;
  groupbuy_price: string;
  buy_num: number;
  stock: number;
}

interface ComboSku {
  sku_id: number;
  sku_name: string;
  spec_name: string;
  price: string;
  stock: number;
}

interface ComboDetail {
  bl_id: number;
  bl_name: string;
  bl_price: string;
  save_money: string;
  status: number;
  bundling_goods: Array<{ goods_id: number; goods_name: string; num: number; sku_id: number; price: string; sku_list: ComboSku[] }>;
}

interface OrderView {
  order_id: number;
  pay_money: string;
  order_status: number;
  promotion_type: string;
  promotion_type_name: string;
  promotion_id: number;
  order_goods: Array<{ sku_id: number; num: number; price: string }>;
}

const cents = (yuan: string) => Math.round(Number(yuan) * 100);
const yuan = (amount: number) => `¥${(amount / 100).toFixed(2)}`;

/** The running group buys (the list's API), the one with the highest minimum first. */
async function runningGroupbuys(request: APIRequestContext): Promise<GroupbuyItem[]> {
  const page = await api<{ list: GroupbuyItem[] }>(request, "/groupbuy/api/goods/page", { page_size: 20 });
  return page.list.filter((item) => item.stock > 10).sort((a, b) => b.buy_num - a.buy_num);
}

/** A running combo whose first goods with several SKUs lets the shopper pick another spec. */
async function comboWithSpecs(request: APIRequestContext): Promise<ComboDetail> {
  for (let blId = 1; blId <= 10; blId++) {
    const response = await request.post("/bundling/api/bundling/detail", { data: { bl_id: blId } });
    const envelope = (await response.json()) as { code: number; data: ComboDetail };
    if (envelope.code !== 0) continue;
    const combo = envelope.data;
    if (combo.status === 2 && combo.bundling_goods.some((goods) => goods.sku_list.filter((sku) => sku.stock > 10).length > 1)) return combo;
  }
  throw new Error("the seed starts a running combo with specs");
}

/** A member with an address and enough balance to pay anything the specs buy. */
async function memberReadyToBuy(page: Page): Promise<number> {
  const { memberId } = await registerShopper(page.request, "promo");
  withServerDb(`await fixtures.grantAccount(db, ${memberId}, "balance", 2000000, "e2e-promo-" + Date.now());`);
  await api(page.request, "/api/memberaddress/add", {
    name: "钱团团", mobile: "13700137000", province_id: 110000, city_id: 110100, district_id: 110101, address: "长安街 8 号", is_default: 1,
  });
  return memberId;
}

/** On the (promotion) checkout page: pay everything with the balance and submit → /pay/result. */
async function payWithBalance(page: Page): Promise<void> {
  await expect(page.locator(".checkout-summary__money")).not.toHaveText("¥0.00");
  await page.getByRole("checkbox", { name: "使用余额" }).check();
  await expect(page.locator(".checkout-summary__money")).toHaveText("¥0.00");
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/web\/pay\/result\?code=\d+$/);
}

async function latestOrder(request: APIRequestContext): Promise<OrderView> {
  const page = await api<{ list: OrderView[] }>(request, "/api/order/lists", { page: 1, page_size: 1 });
  expect(page.list[0], "the order just placed").toBeTruthy();
  return page.list[0]!;
}

test("a guest sees the running group buys and a group buy's page; buying asks for login", async ({ page }) => {
  const errors = watchErrors(page);
  const [first] = await runningGroupbuys(page.request);
  expect(first, "a running group buy").toBeTruthy();

  const response = await page.goto("/web/promotion/groupbuy");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/^团购 - /);
  await expect(page.getByRole("heading", { name: "团购", level: 1 })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  await expect(page.getByText("该功能即将开放")).toHaveCount(0);
  const card = page.locator(".groupbuy-card", { has: page.locator(`a[href="/web/promotion/groupbuy/${first!.groupbuy_id}"]`) });
  await expect(card).toContainText(first!.goods_name);
  await expect(card.locator(".promo-card__price")).toHaveText(yuan(cents(first!.groupbuy_price)));
  await expect(card.locator(".promo-card__original")).toHaveText(yuan(cents(first!.price)));
  await expect(card).toContainText(`${first!.buy_num}件起购`);
  await expect(card).toContainText(/已售 \d+/);
  // The end date from the server, a countdown once hydrated.
  await expect(card.locator(".promo-ends")).toContainText(/距结束\s*(\d+天 )?\d\d:\d\d:\d\d/);
  await page.screenshot({ path: "/tmp/p3b-e2e-groupbuy-list.png", fullPage: true });

  await card.locator(".promo-card__go").click();
  await expect(page).toHaveURL(new RegExp(`/web/promotion/groupbuy/${first!.groupbuy_id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(first!.goods_name);
  await expect(page.locator(".promo-price .sku-price__value")).toHaveText(yuan(cents(first!.groupbuy_price)));
  const quantity = page.getByRole("spinbutton", { name: "购买数量" });
  await expect(quantity).toHaveValue(String(first!.buy_num));
  await page.screenshot({ path: "/tmp/p3b-e2e-groupbuy-detail.png", fullPage: true });

  await page.getByRole("button", { name: "立即购买" }).click();
  await expect(page).toHaveURL(/\/web\/auth\/login\?redirect=/);
  const redirect = new URL(page.url()).searchParams.get("redirect") ?? "";
  expect(redirect).toBe(`/promotion/groupbuy/payment?groupbuy_id=${first!.groupbuy_id}&sku_id=${first!.sku_id}&num=${first!.buy_num}`);
  expect(errors).toEqual([]);
});

interface GroupbuySpecSku {
  sku_id: number;
  sku_spec_format: string;
  groupbuy_price: string;
  stock: number;
}

interface GroupbuyWithSpecs {
  groupbuy_id: number;
  goods_spec_format: string;
  sku_list: GroupbuySpecSku[];
}

test("a group buy of goods with specs shows a row per spec; choosing a value shows that SKU's group-buy price", async ({ page }) => {
  const errors = watchErrors(page);
  let detail: GroupbuyWithSpecs | undefined;
  for (const item of await runningGroupbuys(page.request)) {
    const candidate = await api<GroupbuyWithSpecs>(page.request, "/groupbuy/api/goods/detail", { groupbuy_id: item.groupbuy_id });
    if (candidate.sku_list.filter((sku) => sku.stock > 0).length > 1) detail = candidate;
  }
  expect(detail, "the seed runs a group buy on goods with specs").toBeTruthy();
  const rows = JSON.parse(detail!.goods_spec_format) as Array<{ spec_name: string }>;
  const [first, other] = detail!.sku_list.filter((sku) => sku.stock > 0) as [GroupbuySpecSku, GroupbuySpecSku];

  await page.goto(`/web/promotion/groupbuy/${detail!.groupbuy_id}?sku_id=${first.sku_id}`);
  await page.waitForLoadState("networkidle");
  for (const row of rows) await expect(page.getByRole("radiogroup", { name: row.spec_name })).toBeVisible();
  await expect(page.locator(".promo-price .sku-price__value")).toHaveText(yuan(cents(first.groupbuy_price)));
  // The other SKU's values, row by row (a value keeps the others when that SKU is offered).
  for (const value of JSON.parse(other.sku_spec_format) as Array<{ spec_name: string; spec_value_name: string }>) {
    const radio = page.getByRole("radiogroup", { name: value.spec_name }).getByRole("radio", { name: value.spec_value_name, exact: true });
    if ((await radio.getAttribute("aria-checked")) !== "true") await radio.click();
  }
  await expect(page.locator(".promo-price .sku-price__value")).toHaveText(yuan(cents(other.groupbuy_price)));
  await page.screenshot({ path: path.join(REPO_ROOT, ".cache/promo-groupbuy-detail.png"), fullPage: true, animations: "disabled" });
  expect(errors).toEqual([]);
});

test("a member buys a group buy: no fewer than its minimum, at the group-buy price, paid; the orders show 团购", async ({ page }) => {
  const errors = watchErrors(page);
  await memberReadyToBuy(page);
  const groupbuy = (await runningGroupbuys(page.request)).find((item) => item.buy_num >= 2);
  expect(groupbuy, "a running group buy of 2 or more").toBeTruthy();
  const { groupbuy_id: groupbuyId, sku_id: skuId, buy_num: buyNum } = groupbuy!;

  await page.goto(`/web/promotion/groupbuy/${groupbuyId}`);
  await page.waitForLoadState("networkidle");
  const quantity = page.getByRole("spinbutton", { name: "购买数量" });
  await expect(quantity).toHaveValue(String(buyNum));
  // Fewer than the minimum cannot be chosen: typed, it comes back; stepping down stays.
  await quantity.fill("1");
  await quantity.press("Enter");
  await expect(quantity).toHaveValue(String(buyNum));
  await quantity.press("ArrowDown");
  await expect(quantity).toHaveValue(String(buyNum));
  await quantity.press("ArrowUp");
  await expect(quantity).toHaveValue(String(buyNum + 1));

  await page.getByRole("button", { name: "立即购买" }).click();
  await expect(page).toHaveURL(new RegExp(`/web/promotion/groupbuy/payment\\?groupbuy_id=${groupbuyId}&sku_id=${skuId}&num=${buyNum + 1}$`));
  await expect(page.locator(".checkout-goods__row")).toContainText(groupbuy!.goods_name);
  await page.screenshot({ path: "/tmp/p3b-e2e-groupbuy-payment.png", fullPage: true });
  await payWithBalance(page);

  const order = await latestOrder(page.request);
  expect(order).toMatchObject({ promotion_type: "groupbuy", promotion_type_name: "团购", promotion_id: groupbuyId });
  expect(order.order_goods).toEqual([expect.objectContaining({ sku_id: skuId, num: buyNum + 1, price: groupbuy!.groupbuy_price })]);

  // The order list and the detail name the promotion.
  await page.goto("/web/member/order_list");
  const card = page.locator(`.order-card[data-order-id="${order.order_id}"]`);
  await expect(card.locator(".order-promotion-tag")).toHaveText("团购");
  await page.screenshot({ path: "/tmp/p3b-e2e-order-list.png", fullPage: true });
  await card.getByRole("link", { name: "订单详情" }).click();
  await expect(page).toHaveURL(new RegExp(`order_id=${order.order_id}`));
  const tag = page.locator(".order-info .order-promotion-tag");
  await expect(tag).toHaveText("团购");
  await expect(tag).toHaveAttribute("href", `/web/promotion/groupbuy/${groupbuyId}`);
  await page.screenshot({ path: "/tmp/p3b-e2e-order-detail.png", fullPage: true });
  expect(errors).toEqual([]);
});

test("a member buys a combo with a spec chosen per goods, two packages, paid at the package price", async ({ page }) => {
  const errors = watchErrors(page);
  await memberReadyToBuy(page);
  const combo = await comboWithSpecs(page.request);
  const withSpecs = combo.bundling_goods.find((goods) => goods.sku_list.filter((sku) => sku.stock > 10).length > 1)!;
  const other = withSpecs.sku_list.find((sku) => sku.sku_id !== withSpecs.sku_id && sku.stock > 10)!;

  await page.goto(`/web/promotion/combo/${combo.bl_id}`);
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(combo.bl_name);
  const goodsItems = page.locator(".combo-goods");
  await expect(goodsItems).toHaveCount(combo.bundling_goods.length);
  for (const goods of combo.bundling_goods) await expect(page.locator(`.combo-goods[data-goods-id="${goods.goods_id}"] .combo-goods__picture img`)).toBeVisible();
  await expect(page.locator(".combo-page__price strong")).toHaveText(yuan(cents(combo.bl_price)));
  await expect(page.locator(".combo-page__saving")).toHaveText(`立省 ${yuan(cents(combo.save_money))}`);

  // Pick the other SKU of the goods with specs: its name shows, the saving follows its price.
  const item = page.locator(`.combo-goods[data-goods-id="${withSpecs.goods_id}"]`);
  const values = (await page.request.post("/api/goodssku/info", { data: { sku_id: other.sku_id } }).then((r) => r.json())) as { data: { sku_spec_format: string } };
  const wanted = (JSON.parse(values.data.sku_spec_format) as Array<{ spec_value_name: string }>).map((value) => value.spec_value_name);
  for (const name of wanted) {
    const button = item.getByRole("radio", { name, exact: true });
    if ((await button.getAttribute("aria-checked")) !== "true") await button.click();
  }
  await expect(item.locator(".combo-goods__name")).toHaveText(other.sku_name);
  const original = combo.bundling_goods.reduce((sum, goods) => sum + cents(goods.goods_id === withSpecs.goods_id ? other.price : goods.price) * goods.num, 0);
  await expect(page.locator(".combo-page__original")).toContainText(yuan(original));
  if (original > cents(combo.bl_price)) await expect(page.locator(".combo-page__saving")).toHaveText(`立省 ${yuan(original - cents(combo.bl_price))}`);

  await page.getByRole("spinbutton", { name: "套餐数量" }).press("ArrowUp");
  await expect(page.locator(".combo-page__total")).toHaveText(`合计 ${yuan(cents(combo.bl_price) * 2)}`);
  await page.screenshot({ path: "/tmp/p3b-e2e-combo.png", fullPage: true });
  await page.getByRole("button", { name: "立即购买" }).click();
  const skuIds = combo.bundling_goods.map((goods) => (goods.goods_id === withSpecs.goods_id ? other.sku_id : goods.sku_id));
  await expect(page).toHaveURL(new RegExp(`/web/promotion/combo/payment\\?bl_id=${combo.bl_id}&sku_ids=${skuIds.join(",")}&num=2$`));
  await expect(page.locator(".checkout-goods__row")).toHaveCount(combo.bundling_goods.length);
  await page.screenshot({ path: "/tmp/p3b-e2e-combo-payment.png", fullPage: true });
  await payWithBalance(page);

  const order = await latestOrder(page.request);
  expect(order).toMatchObject({ promotion_type: "bundling", promotion_type_name: "组合套餐", promotion_id: combo.bl_id });
  expect(order.order_goods.map((line) => line.sku_id).sort()).toEqual([...skuIds].sort());
  // The lines add up to two packages at the package price, to the cent.
  expect(order.order_goods.reduce((sum, line) => sum + cents(line.price) * line.num, 0)).toBe(cents(combo.bl_price) * 2);
  await page.goto("/web/member/order_list");
  await expect(page.locator(`.order-card[data-order-id="${order.order_id}"] .order-promotion-tag`)).toHaveText("组合套餐");
  expect(errors).toEqual([]);
});

test("the SKU page shows 组合套餐 with its goods and 团购价 leading to the group buy", async ({ page }) => {
  const errors = watchErrors(page);
  const combo = await comboWithSpecs(page.request);
  const [groupbuy] = await runningGroupbuys(page.request);

  await page.goto(`/web/sku/${combo.bundling_goods[0]!.sku_id}`);
  const section = page.getByRole("region", { name: "组合套餐" });
  await expect(section).toBeVisible();
  const entry = section.locator(".sku-combo", { hasText: combo.bl_name });
  await expect(entry.locator("img")).toHaveCount(combo.bundling_goods.length);
  await expect(entry).toContainText(`套餐价 ${yuan(cents(combo.bl_price))}`);
  await page.screenshot({ path: "/tmp/p3b-e2e-sku-combo.png", fullPage: true });
  await entry.getByRole("link", { name: `查看套餐：${combo.bl_name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/web/promotion/combo/${combo.bl_id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(combo.bl_name);

  await page.goto(`/web/sku/${groupbuy!.sku_id}`);
  const line = page.getByTestId("sku-groupbuy-line");
  await expect(line).toContainText(yuan(cents(groupbuy!.groupbuy_price)));
  await expect(line).toContainText(`${groupbuy!.buy_num}件起购`);
  await line.getByRole("link", { name: "去团购 ›" }).click();
  await expect(page).toHaveURL(new RegExp(`/web/promotion/groupbuy/${groupbuy!.groupbuy_id}$`));
  expect(errors).toEqual([]);
});

test("unknown group buys and combos answer 404", async ({ page }) => {
  for (const path of ["/web/promotion/groupbuy/99999", "/web/promotion/combo/99999"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
});
