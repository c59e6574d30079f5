import { test, expect, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO_MEMBER, api, logInThroughApi, registerShopper, watchErrors, withServerDb } from "./support.ts";
import { describeViolations, runAxe } from "./axe.ts";

/**
 * Issue 10's follows, footprints and points, in the browser on the real server: a fresh shopper's
 * follows (price now, links to the SKU pages, unfollow one, select several and unfollow), their
 * footprints by day (delete one, clear a day), and the demo member's points with the ledger filters
 * (read only: other specs use the demo too). Guests are sent to log in.
 */

interface GoodsRow {
  goods_id: number;
  sku_id: number;
  sku_name: string;
}

interface RecordRow extends GoodsRow {
  member_price: string;
}

/** Goods on sale, one SKU each, distinct goods. */
async function someGoods(request: APIRequestContext, count: number): Promise<GoodsRow[]> {
  const page = await api<{ list: GoodsRow[] }>(request, "/api/goodssku/page", { page_size: 60 });
  const byGoods = new Map<number, GoodsRow>();
  for (const row of page.list) if (!byGoods.has(row.goods_id) && !row.sku_name.includes("电子兑换券")) byGoods.set(row.goods_id, row);
  const goods = [...byGoods.values()].slice(0, count);
  expect(goods).toHaveLength(count);
  return goods;
}

const cards = (page: Page) => page.locator(".record-card");

test("follows: the price now and a link to the SKU, unfollow one, then select several and unfollow them", async ({ page }) => {
  const errors = watchErrors(page);
  await registerShopper(page.request, "fol");
  const goods = await someGoods(page.request, 4);
  for (const item of goods) await api(page.request, "/api/goodscollect/add", { goods_id: item.goods_id, sku_id: item.sku_id });
  const follows = await api<{ list: RecordRow[] }>(page.request, "/api/goodscollect/page", {});

  await page.goto("/web/member/collection");
  await expect(page.getByRole("heading", { name: "我的关注", level: 1 })).toBeVisible();
  await expect(page.getByText("共关注 4 件商品")).toBeVisible();
  await expect(cards(page)).toHaveCount(4);
  // Latest first, each priced now, its name a link to its SKU page.
  const newest = follows.list[0]!;
  const firstCard = cards(page).first();
  await expect(firstCard.getByRole("link", { name: newest.sku_name })).toHaveAttribute("href", `/web/sku/${newest.sku_id}`);
  await expect(firstCard.locator(".record-card-pay")).toHaveText(`¥${newest.member_price}`);

  // Unfollow one.
  const gone = follows.list[1]!;
  await page.getByRole("button", { name: `取消关注 ${gone.sku_name}` }).click();
  await expect(page.getByText("已取消关注", { exact: true })).toBeVisible();
  await expect(cards(page)).toHaveCount(3);
  await expect(page.getByText("共关注 3 件商品")).toBeVisible();
  await expect(page.getByRole("link", { name: gone.sku_name })).toHaveCount(0);

  // Select two and unfollow them together, after confirming.
  await page.getByRole("button", { name: "批量管理" }).click();
  const [keep, ...batch] = follows.list.filter((item) => item !== gone);
  for (const item of batch) await page.getByRole("checkbox", { name: `选择 ${item.sku_name}` }).check();
  await expect(page.getByText("已选 2 件")).toBeVisible();
  await page.getByRole("group", { name: "批量管理" }).getByRole("button", { name: "取消关注" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("确定取消关注选中的 2 件商品吗？");
  await dialog.getByRole("button", { name: "取消关注" }).click();
  await expect(page.getByText("已取消关注 2 件商品")).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).getByRole("link", { name: keep!.sku_name })).toBeVisible();
  expect((await api<{ count: number }>(page.request, "/api/goodscollect/page", {})).count).toBe(1);

  // The card leads to the SKU page, which knows the goods is followed.
  await cards(page).getByRole("link", { name: keep!.sku_name }).click();
  await expect(page).toHaveURL(new RegExp(`/web/sku/${keep!.sku_id}$`));
  await expect(page.getByRole("button", { name: /已关注/ })).toBeVisible();
  expect(errors).toEqual([]);
});

test("footprints: grouped by day, delete one, clear a day", async ({ page }) => {
  const errors = watchErrors(page);
  const shopper = await registerShopper(page.request, "foot");
  const goods = await someGoods(page.request, 4);
  // Two looked at in the browser (the SKU page records them), two through the API.
  for (const item of goods.slice(0, 2)) {
    await page.goto(`/web/sku/${item.sku_id}`);
    await expect.poll(async () => (await api<{ count: number }>(page.request, "/api/goodsbrowse/page", {})).count).toBeGreaterThan(goods.indexOf(item));
  }
  for (const item of goods.slice(2)) await api(page.request, "/api/goodsbrowse/add", { goods_id: item.goods_id, sku_id: item.sku_id });
  // The first two were yesterday.
  const yesterdayIds = goods.slice(0, 2).map((item) => item.goods_id);
  withServerDb(`await db.updateTable("goods_browse").set((eb) => ({ browse_time: eb("browse_time", "-", 86400) }))
    .where("member_id", "=", ${shopper.memberId}).where("goods_id", "in", ${JSON.stringify(yesterdayIds)}).execute();`);

  await page.goto("/web/member/footprint");
  await expect(page.getByRole("heading", { name: "我的足迹", level: 1 })).toBeVisible();
  const today = page.getByRole("region", { name: "今天" });
  const yesterday = page.getByRole("region", { name: "昨天" });
  await expect(today.locator(".record-card")).toHaveCount(2);
  await expect(yesterday.locator(".record-card")).toHaveCount(2);
  await expect(today.getByText("共 2 件")).toBeVisible();
  await expect(yesterday.getByRole("link", { name: goods[0]!.sku_name })).toHaveAttribute("href", `/web/sku/${goods[0]!.sku_id}`);

  // Delete one of today's.
  await today.getByRole("button", { name: `删除足迹 ${goods[3]!.sku_name}` }).click();
  await expect(page.getByText("已删除", { exact: true })).toBeVisible();
  await expect(today.locator(".record-card")).toHaveCount(1);
  await expect(today.getByText("共 1 件")).toBeVisible();

  // Clear yesterday, after confirming: today's stays.
  await yesterday.getByRole("button", { name: "清空当天" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("确定清空昨天的 2 条浏览记录吗？");
  await dialog.getByRole("button", { name: /清\s*空/ }).click();
  await expect(page.getByText("已清空昨天的足迹")).toBeVisible();
  await expect(yesterday).toHaveCount(0);
  await expect(today.locator(".record-card")).toHaveCount(1);
  const left = await api<{ list: GoodsRow[] }>(page.request, "/api/goodsbrowse/page", {});
  expect(left.list.map((item) => item.goods_id)).toEqual([goods[2]!.goods_id]);

  // The last one gone: the empty state.
  await today.getByRole("button", { name: `删除足迹 ${goods[2]!.sku_name}` }).click();
  await expect(page.getByText("暂无浏览记录，去看看喜欢的商品吧")).toBeVisible();
  expect(errors).toEqual([]);
});

interface LedgerRow {
  account_data: string;
  category: string;
  create_time: number;
}

test("points: the demo member's points now and the ledger filtered by type, income / expense and dates", async ({ page }) => {
  const errors = watchErrors(page);
  await logInThroughApi(page.request, DEMO_MEMBER);
  const info = await api<{ point: number; total_income: string; total_expense: string }>(page.request, "/api/memberaccount/info", { account_type: "point" });
  const all = await api<{ count: number; list: LedgerRow[] }>(page.request, "/api/memberaccount/page", { account_type: "point", page_size: 100 });

  await page.goto("/web/member/my_point");
  await expect(page.getByRole("heading", { name: "我的积分", level: 1 })).toBeVisible();
  await expect(page.getByTestId("point-current")).toHaveText(String(info.point));
  await expect(page.locator(".point-summary-totals")).toContainText(`累计获得${info.total_income}`);
  await expect(page.locator(".point-summary-totals")).toContainText(`累计使用${info.total_expense}`);
  await expect(page.getByText(`共 ${all.count} 条`)).toBeVisible();
  const rows = page.locator(".ledger-table tbody tr");
  await expect(rows).toHaveCount(Math.min(10, all.count));

  // 类型: 签到奖励.
  const signins = all.list.filter((row) => row.category === "signin");
  expect(signins.length).toBeGreaterThan(0);
  await page.getByLabel("类型").selectOption({ label: "签到奖励" });
  await page.getByRole("button", { name: "查询" }).click();
  await expect(page).toHaveURL(/[?&]type=signin/);
  await expect(rows).toHaveCount(Math.min(10, signins.length));
  for (const cell of await rows.locator("td:nth-child(2)").allTextContents()) expect(cell).toBe("签到奖励");

  // 收支: 支出 (with 全部类型 again): every amount is negative.
  await page.getByLabel("类型").selectOption({ label: "全部类型" });
  await page.getByLabel("收支").selectOption({ label: "支出" });
  await page.getByRole("button", { name: "查询" }).click();
  await expect(page).toHaveURL(/[?&]dir=expense/);
  const expenses = all.list.filter((row) => row.account_data.startsWith("-"));
  await expect(rows).toHaveCount(Math.min(10, expenses.length));
  for (const cell of await rows.locator("td:nth-child(4)").allTextContents()) expect(cell).toMatch(/^-\d+$/);

  // A date range of one day: the rows of that shop day.
  const day = new Date((all.list[0]!.create_time + 8 * 3600) * 1000).toISOString().slice(0, 10);
  const ofDay = all.list.filter((row) => new Date((row.create_time + 8 * 3600) * 1000).toISOString().startsWith(day));
  await page.goto(`/web/member/my_point?start=${day}&end=${day}`);
  await expect(rows).toHaveCount(Math.min(10, ofDay.length));
  await expect(page.getByLabel("开始日期")).toHaveValue(day);

  // 重置 drops every filter.
  await page.getByRole("link", { name: "重置" }).click();
  await expect(page).toHaveURL(/\/web\/member\/my_point$/);
  await expect(page.getByText(`共 ${all.count} 条`)).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe("accessibility", () => {
  // axe arrives as an inline script tag, which the pages' CSP (nonce-only, tested in csp.spec.ts) blocks.
  test.use({ bypassCSP: true });

  test("follows, footprints and points have no serious accessibility violation, also with batch management on", async ({ page }) => {
    await logInThroughApi(page.request, DEMO_MEMBER);
    const check = async () => {
      await page.waitForLoadState("networkidle");
      await page.mouse.move(0, 0);
      await expect(async () => {
        const { failures } = await runAxe(page);
        expect(failures.length, `${page.url()}:\n${describeViolations(failures)}`).toBe(0);
      }).toPass({ timeout: 5000 });
    };
    for (const path of ["/member/collection", "/member/footprint", "/member/my_point", "/member/my_point?dir=expense"]) {
      await page.goto(`/web${path}`);
      await check();
    }
    await page.goto("/web/member/collection");
    await page.getByRole("button", { name: "批量管理" }).click();
    await page.locator(".record-card-leading input").first().check();
    await check();
  });
});

test("a guest is sent to log in from follows, footprints and points", async ({ page }) => {
  for (const path of ["/member/collection", "/member/footprint", "/member/my_point"]) {
    await page.goto(`/web${path}`);
    await expect(page).toHaveURL(new RegExp(`/web/auth/login\\?redirect=${encodeURIComponent(path).replace(/[/]/g, "%2F")}$`));
  }
});
