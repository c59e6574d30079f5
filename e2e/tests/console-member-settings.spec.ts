import { test, expect, type APIRequestContext, type Page } from "@playwright/test";
import { CACHED_SHOP_PORT } from "../playwright.config.ts";
import { logInToConsole, registerShopper, watchErrors } from "./support.ts";
import { describeViolations, runAxe } from "./axe.ts";

/**
 * 会员等级, 充值套餐, 签到设置 and 组合套餐 in the console (issue 23), on the shop with its page and
 * data caches on: what staff save reaches the storefront on the next request — a new level on
 * the member's level page, a package on the recharge page (and gone once taken off sale), a
 * sign-in rule on the sign-in page, a combo on its goods' SKU page (and gone once closed).
 */
test.use({ baseURL: `http://127.0.0.1:${CACHED_SHOP_PORT}` });

const SHOTS = ".cache/console-member-settings";
const suffix = () => Date.now().toString(36).slice(-5);
const save = (scope: Page | ReturnType<Page["getByRole"]>) => scope.getByRole("button", { name: /保\s*存/ }).click();
const confirmPop = (page: Page) => page.locator(".ant-popconfirm").getByRole("button", { name: /确\s*定/ }).click();

/** A staff call through the console's session (the request shares the page's cookie). */
async function staffCall<T>(request: APIRequestContext, path: string, data: object = {}): Promise<T> {
  const answer = (await (await request.post(path, { data })).json()) as { code: number; message: string; data: T };
  expect(answer.code, answer.message).toBe(0);
  return answer.data;
}

test("staff add a member level; members see it on their level page; a level nobody holds is deleted", async ({ page, browser }) => {
  const errors = watchErrors(page);
  const name = `金卡${suffix()}`;
  const growth = 50_000 + Math.floor(Math.random() * 40_000);
  const memberContext = await browser.newContext();
  await registerShopper(memberContext.request, "lvl");
  await logInToConsole(page);

  await page.goto("/console/member/level");
  await expect(page.getByRole("heading", { name: "会员等级", level: 1 })).toBeVisible();
  await expect(page.locator(".ant-table-row", { hasText: "默认" })).toBeVisible();
  await page.getByRole("button", { name: "添加等级" }).click();
  const drawer = page.getByRole("dialog");
  // Checked before it is sent: a name, a discount within 10–100.
  await save(drawer);
  await expect(drawer.getByText("请输入等级名称")).toBeVisible();
  await drawer.getByLabel("等级名称").fill(name);
  await drawer.getByLabel("所需成长值").fill(String(growth));
  await drawer.getByLabel("会员折扣").fill("5");
  await save(drawer);
  await expect(drawer.getByText("折扣须为 10–100 的整数")).toBeVisible();
  await drawer.getByLabel("会员折扣").fill("90");
  await drawer.getByLabel("快递包邮").click();
  await drawer.getByLabel("升级赠送积分").fill("50");
  await drawer.getByLabel("升级赠送余额").fill("8.8");
  await page.screenshot({ path: `${SHOTS}-level-drawer.png`, fullPage: true });
  await save(drawer);
  await expect(page.getByText(`会员等级「${name}」已添加`)).toBeVisible();
  const row = page.locator(".ant-table-row", { hasText: name });
  await expect(row).toContainText(String(growth));
  await expect(row).toContainText("9 折");
  await expect(row).toContainText("包邮");
  await expect(row).toContainText("50 积分、¥8.80 余额");
  await page.screenshot({ path: `${SHOTS}-level-list.png`, fullPage: true });

  // The server refuses a second level at the same threshold, and says why.
  await page.getByRole("button", { name: "添加等级" }).click();
  await drawer.getByLabel("等级名称").fill(`${name}2`);
  await drawer.getByLabel("所需成长值").fill(String(growth));
  await save(drawer);
  await expect(page.getByText(`「${name}」的所需成长值也是 ${growth}，各等级的成长值须不同`)).toBeVisible();
  await drawer.getByRole("button", { name: /取\s*消/ }).click();

  // A member sees it on the ladder on the next request.
  const member = await memberContext.newPage();
  await member.goto("/web/member/level");
  await expect(member.getByTestId("level-card").filter({ hasText: name })).toBeVisible();

  // Deleted (nobody holds it) after a confirmation, and gone from the ladder.
  await row.getByRole("button", { name: "删除" }).click();
  await confirmPop(page);
  await expect(page.getByText(`已删除会员等级「${name}」`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await member.reload();
  await expect(member.getByTestId("level-card").filter({ hasText: name })).toHaveCount(0);
  await memberContext.close();
  expect(errors).toEqual([]);
});

test("staff add a recharge package; members find it on the recharge page until it is taken off sale", async ({ page, browser }) => {
  const errors = watchErrors(page);
  const name = `充80得88${suffix()}`;
  const memberContext = await browser.newContext();
  await registerShopper(memberContext.request, "rch");
  await logInToConsole(page);

  await page.goto("/console/member/recharge");
  await expect(page.getByRole("heading", { name: "充值套餐", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "添加套餐" }).click();
  const drawer = page.getByRole("dialog");
  await drawer.getByLabel("套餐名称").fill(name);
  await drawer.getByLabel("面值").fill("88");
  await drawer.getByLabel("售价").fill("90");
  await save(drawer);
  await expect(drawer.getByText("售价不能高于面值")).toBeVisible();
  await drawer.getByLabel("售价").fill("80");
  await drawer.getByLabel("赠送积分").fill("8");
  await page.screenshot({ path: `${SHOTS}-recharge-drawer.png`, fullPage: true });
  await save(drawer);
  await expect(page.getByText(`充值套餐「${name}」已添加`)).toBeVisible();
  const row = page.locator(".ant-table-row", { hasText: name });
  await expect(row).toContainText("¥88.00");
  await expect(row).toContainText("¥80.00");
  await expect(row).toContainText("8 积分");
  await expect(row).toContainText("上架中");
  await page.screenshot({ path: `${SHOTS}-recharge-list.png`, fullPage: true });

  const member = await memberContext.newPage();
  await member.goto("/web/member/recharge_list");
  await expect(member.getByRole("radio", { name: new RegExp(name) })).toBeVisible();
  await member.screenshot({ path: `${SHOTS}-recharge-storefront.png`, fullPage: true });

  // Off sale after a confirmation: the filter in the URL finds it among the withdrawn ones.
  await row.getByRole("button", { name: "下架" }).click();
  await confirmPop(page);
  await expect(page.getByText(`「${name}」已下架`)).toBeVisible();
  await expect(row).toContainText("已下架");
  const filters = page.locator(".console-page__filters");
  await filters.getByLabel("状态").click();
  await page.locator(".ant-select-item-option", { hasText: "已下架" }).click();
  await filters.getByRole("button", { name: /查\s*询/ }).click();
  await expect(page).toHaveURL(/status=0/);
  await expect(row).toBeVisible();
  await member.reload();
  await expect(member.getByTestId("recharge-balance")).toBeVisible();
  await expect(member.getByRole("radio", { name: new RegExp(name) })).toHaveCount(0);

  // The recharge orders' tab, in the URL.
  await page.getByRole("tab", { name: "充值记录" }).click();
  await expect(page).toHaveURL(/tab=orders/);
  await expect(page).not.toHaveURL(/status=0/);
  await expect(page.getByRole("form", { name: "筛选充值记录" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-recharge-orders.png`, fullPage: true });
  await memberContext.close();
  expect(errors).toEqual([]);
});

test("staff change the sign-in rules; the member's sign-in page follows them", async ({ page, browser }) => {
  const errors = watchErrors(page);
  const memberContext = await browser.newContext();
  await registerShopper(memberContext.request, "sgn");
  await logInToConsole(page);
  const saved = await staffCall<object>(page.request, "/shopapi/membersignin/config");
  try {
    await page.goto("/console/member/signin");
    await expect(page.getByRole("heading", { name: "签到设置", level: 1 })).toBeVisible();
    const form = page.getByRole("form", { name: "签到规则" });
    await expect(form.getByLabel("签到周期")).not.toHaveValue("");
    await form.getByLabel("签到周期").fill("4");
    await form.getByLabel("每日签到积分").fill("7");
    await form.getByLabel("每日签到成长值").fill("2");
    // Every reward day within the cycle, each giving something.
    await form.getByRole("button", { name: "添加连续签到奖励" }).click();
    const days = form.getByLabel("连续签到第");
    await days.last().fill("4");
    await form.getByLabel("奖励积分").last().fill("40");
    await save(form);
    await expect(form.getByText(/超出了 4 天的签到周期/).first()).toBeVisible();
    // Keep only the day-4 reward.
    while ((await days.count()) > 1) await form.getByRole("button", { name: "删除这条奖励" }).first().click();
    await expect(days).toHaveValue("4");
    await page.screenshot({ path: `${SHOTS}-signin-config.png`, fullPage: true });
    await save(form);
    await expect(page.getByText("签到规则已保存")).toBeVisible();

    const member = await memberContext.newPage();
    await member.goto("/web/member/signin");
    const rows = member.locator(".signin-rewards tbody tr");
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(0)).toContainText("7积分、2成长值");
    await expect(rows.nth(3)).toContainText("47积分、2成长值");
    await expect(member.getByText("今日签到为本周期第 1 天，可得 7积分、2成长值")).toBeVisible();
    await member.getByRole("button", { name: "立即签到" }).click();
    await expect(member.getByText(/签到成功/)).toBeVisible();
    await member.screenshot({ path: `${SHOTS}-signin-storefront.png`, fullPage: true });

    // The sign-in is in the records, found by the member's name; the tab and search in the URL.
    const username = await member.evaluate(async () => ((await (await fetch("/api/member/info", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).json()) as { data: { username: string } }).data.username);
    await page.getByRole("tab", { name: "签到记录" }).click();
    await expect(page).toHaveURL(/tab=records/);
    const filters = page.getByRole("form", { name: "筛选签到记录" });
    await filters.getByLabel("会员").fill(username);
    await filters.getByRole("button", { name: /查\s*询/ }).click();
    await expect(page).toHaveURL(/search=/);
    const record = page.locator(".ant-table-row", { hasText: username });
    await expect(record).toHaveCount(1);
    await expect(record).toContainText("7");
    await page.screenshot({ path: `${SHOTS}-signin-records.png`, fullPage: true });
    await memberContext.close();
  } finally {
    await staffCall(page.request, "/shopapi/membersignin/setconfig", saved);
  }
  expect(errors).toEqual([]);
});

interface GoodsRow {
  goods_id: number;
  goods_name: string;
  price: string;
  goods_stock: number;
}

test("staff create a combo of two goods; guests see it on the SKU page until it is closed", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const name = `测试组合${suffix()}`;
  await logInToConsole(page);

  // Two physical goods on sale, with stock.
  const goodsPage = await staffCall<{ list: GoodsRow[] }>(page.request, "/shopapi/goods/lists", { page: 1, page_size: 50, goods_class: 1, goods_state: 1 });
  const [first, second] = goodsPage.list.filter((goods) => goods.goods_stock > 10);
  expect(second, "two physical goods on sale").toBeTruthy();
  const info = await staffCall<{ sku_list: Array<{ sku_id: number }> }>(page.request, "/shopapi/goods/editgetgoodsinfo", { goods_id: first!.goods_id });
  const skuPage = `/web/sku/${info.sku_list[0]!.sku_id}`;

  // A guest has the SKU page cached without the combo.
  const guest = await browser.newPage();
  await guest.goto(skuPage);
  await expect(guest.locator(".sku-combo", { hasText: name })).toHaveCount(0);

  await page.goto("/console/marketing/bundling");
  await expect(page.getByRole("heading", { name: "组合套餐", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "添加组合套餐" }).click();
  const drawer = page.getByRole("dialog");
  await drawer.getByLabel("套餐名称").fill(name);
  for (const goods of [first!, second!]) {
    await drawer.getByRole("combobox", { name: "套餐商品" }).fill(goods.goods_name);
    await page.locator(".ant-select-item-option", { hasText: goods.goods_name }).first().click();
    await drawer.locator(".ant-drawer-title").click();
  }
  // Units per package and the price the goods cost apart.
  await expect(drawer.getByLabel(/每套数量$/)).toHaveCount(2);
  const apart = (Math.round(Number(first!.price) * 100) + Math.round(Number(second!.price) * 100)) / 100;
  await expect(drawer.getByText(`单独购买合计 ¥${apart.toFixed(2)}`).first()).toBeVisible();
  await save(drawer);
  await expect(drawer.getByText("请输入套餐价")).toBeVisible();
  const price = Math.max(0.02, Math.floor(apart * 80) / 100).toFixed(2);
  await drawer.getByLabel("套餐价").fill(price);
  await page.screenshot({ path: `${SHOTS}-bundling-drawer.png`, fullPage: true });
  await save(drawer);
  await expect(page.getByText(`组合套餐「${name}」已添加`)).toBeVisible();
  const row = page.locator(".ant-table-row", { hasText: name });
  await expect(row).toContainText(`¥${price}`);
  await expect(row).toContainText(`${first!.goods_name} + ${second!.goods_name}`);
  await expect(row).toContainText("进行中");
  await expect(row).toContainText("¥0.00");
  await page.screenshot({ path: `${SHOTS}-bundling-list.png`, fullPage: true });

  // The guest's next request shows it.
  await guest.reload();
  const entry = guest.getByRole("region", { name: "组合套餐" }).locator(".sku-combo", { hasText: name });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(`套餐价 ¥${price}`);
  await guest.screenshot({ path: `${SHOTS}-bundling-storefront.png`, fullPage: true });

  // Closed after a confirmation: gone from the SKU page on the next request.
  await row.getByRole("button", { name: "关闭" }).click();
  await confirmPop(page);
  await expect(page.getByText(`已关闭「${name}」`)).toBeVisible();
  await expect(row).toContainText("已关闭");
  await guest.reload();
  await expect(guest.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(guest.locator(".sku-combo", { hasText: name })).toHaveCount(0);
  await guest.close();
  expect(errors).toEqual([]);
});

test.describe("axe", () => {
  // axe is injected as a script, which the console's CSP refuses.
  test.use({ bypassCSP: true });

  /** Nothing loading and no transition running (a drawer sliding in). */
  const settled = async (page: Page) => {
    await expect(page.locator(".ant-spin-spinning")).toHaveCount(0);
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity));
  };

  test("the four pages, their second tabs and their add drawers have no serious or critical axe finding", async ({ page }) => {
    test.setTimeout(120_000);
    const findings: string[] = [];
    const audit = async (name: string) => {
      await settled(page);
      const { failures } = await runAxe(page);
      if (failures.length) findings.push(`${name}:\n${describeViolations(failures)}`);
    };
    await logInToConsole(page);
    const screens = [
      { path: "/console/member/level", heading: "会员等级", tab: null, drawer: "添加等级" },
      { path: "/console/member/recharge", heading: "充值套餐", tab: "充值记录", drawer: "添加套餐" },
      { path: "/console/member/signin", heading: "签到设置", tab: "签到记录", drawer: null },
      { path: "/console/marketing/bundling", heading: "组合套餐", tab: null, drawer: "添加组合套餐" },
    ];
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(page.getByRole("heading", { name: screen.heading, level: 1 })).toBeVisible();
      await audit(screen.path);
      if (screen.drawer) {
        await page.getByRole("button", { name: screen.drawer, exact: true }).click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await audit(`${screen.path} ${screen.drawer}`);
        await page.keyboard.press("Escape");
        await expect(page.getByRole("dialog")).toBeHidden();
      }
      if (screen.tab) {
        await page.getByRole("tab", { name: screen.tab }).click();
        await audit(`${screen.path} ${screen.tab}`);
      }
    }
    expect(findings, findings.join("\n\n")).toEqual([]);
  });
});
