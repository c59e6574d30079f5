import { test, expect, type Page } from "@playwright/test";
import { DEMO_MEMBER, logInThroughApi, registerShopper, staffSession, watchErrors } from "./support.ts";
import { describeViolations, runAxe } from "./axe.ts";

/**
 * Issue 10's levels and sign-in walk, in the browser on the real server: a new member signs in
 * once (the button, the calendar, the streak, the record, the growth it earns on /member/level); a
 * second sign-in the same day is refused; staff change the rewards and the page follows; the demo
 * member's seeded ladder (白银会员 on the way to 黄金会员) and sign-in history; guests go to login.
 */

// axe arrives as an inline script tag, which the pages' CSP (nonce-only, tested in csp.spec.ts) blocks.
test.use({ bypassCSP: true });

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true, animations: "disabled" });

async function expectAccessible(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.mouse.move(0, 0);
  await expect(async () => {
    const { failures } = await runAxe(page);
    expect(failures.length, `${page.url()}:\n${describeViolations(failures)}`).toBe(0);
  }).toPass({ timeout: 5000 });
}

/** Today in Beijing time, "2026-05-14" (sign-in days are shop days). */
const shopToday = () => new Date(Date.now() + 8 * 3600 * 1000).toISOString().slice(0, 10);

test("a new member signs in once today: button, calendar, streak, record and the growth on the level page", async ({ page }) => {
  const errors = watchErrors(page);
  await registerShopper(page.request, "sign");
  await page.goto("/web/member/signin");
  await expect(page.getByRole("heading", { name: "每日签到" })).toBeVisible();
  await expect(page.getByTestId("signin-streak")).toHaveText("0");
  await expect(page.getByText("还没有签到记录，今天就开始签到吧")).toBeVisible();
  await expect(page.getByText("今日签到为本周期第 1 天")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "立即签到" }).click();
  await expect(page.getByText(/签到成功，获得\d+积分/)).toBeVisible();
  await expect(page.getByRole("button", { name: "今日已签到" })).toBeDisabled();
  await expect(page.getByTestId("signin-streak")).toHaveText("1");
  await expect(page.getByTestId("signin-total")).toHaveText("1");
  const today = Number(shopToday().slice(8, 10));
  await expect(page.getByLabel(`${today}日 已签到`)).toBeVisible();
  await expect(page.locator(".signin-records tbody tr")).toHaveCount(1);
  await expect(page.locator(".signin-records tbody tr").first()).toContainText(shopToday());
  await expect(page.getByText("明日签到为本周期第 2 天")).toBeVisible();
  await shot(page, "signin-signed");

  // A second sign-in the same day, however it is sent, gives nothing.
  const again = (await (await page.request.post("/api/membersignin/signin", { data: {} })).json()) as { code: number; message: string };
  expect(again).toMatchObject({ code: -1, message: "今日已签到，明天再来吧" });
  await page.reload();
  await expect(page.getByRole("button", { name: "今日已签到" })).toBeDisabled();
  await expect(page.locator(".signin-records tbody tr")).toHaveCount(1);

  // The growth it earned, on the level page.
  await page.goto("/web/member/level");
  await expect(page.getByText("当前等级：")).toContainText("普通会员");
  const growth = Number(await page.getByTestId("member-growth").textContent());
  expect(growth).toBeGreaterThan(0);
  await expect(page.getByText(`再获得 ${2000 - growth} 成长值即可升级为「白银会员」`)).toBeVisible();
  await expect(page.getByTestId("level-card")).toHaveCount(4);
  await expect(page.getByTestId("level-card").first()).toContainText("当前等级");
  await expect(page.locator(".level-records tbody tr").first()).toContainText("签到奖励");
  await expect(page.locator(".level-records tbody tr").first()).toContainText(`+${growth}`);
  await shot(page, "level-new-member");
  await expectAccessible(page);
  expect(errors).toEqual([]);
});

test("staff change the sign-in rewards and the page shows them", async ({ page }) => {
  await registerShopper(page.request, "rule");
  const staff = await staffSession(page.request);
  const saved = await staff<object>("/shopapi/membersignin/config", {});
  try {
    await staff("/shopapi/membersignin/setconfig", { is_enable: 1, cycle_days: 5, daily_point: 8, daily_growth: 3, rewards: [{ day: 5, point: 88 }] });
    await page.goto("/web/member/signin");
    const rows = page.locator(".signin-rewards tbody tr");
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(0)).toContainText("8积分、3成长值");
    await expect(rows.nth(4)).toContainText("96积分、3成长值");
    await expect(rows.nth(4)).toContainText("连签奖励");
    await expect(page.getByText("今日签到为本周期第 1 天，可得 8积分、3成长值")).toBeVisible();

    await staff("/shopapi/membersignin/setconfig", { is_enable: 0, cycle_days: 5, daily_point: 8 });
    await page.reload();
    await expect(page.getByRole("button", { name: "签到未开启" })).toBeDisabled();
  } finally {
    await staff("/shopapi/membersignin/setconfig", saved);
  }
});

test("the demo member's ladder, growth records and sign-in history; guests go to login", async ({ page, browser }) => {
  const errors = watchErrors(page);
  await logInThroughApi(page.request, DEMO_MEMBER);
  await page.goto("/web/member/level");
  await expect(page.getByText("当前等级：")).toContainText("白银会员");
  await expect(page.getByText(/即可升级为「黄金会员」/)).toBeVisible();
  const cards = page.getByTestId("level-card");
  await expect(cards).toHaveCount(4);
  await expect(cards.nth(1)).toContainText("当前等级");
  await expect(cards.nth(0)).toContainText("已达成");
  await expect(cards.nth(2)).toContainText("9.5折");
  await expect(cards.nth(2)).toContainText("优惠券「黄金会员礼券 满300减30」");
  await expect(cards.nth(3)).toContainText("全场包邮");
  await expect(page.locator(".level-records tbody tr").first()).toBeVisible();
  await shot(page, "level-demo");

  await page.goto("/web/member/signin");
  // Seeded: six days in a row up to yesterday, so today is day 7 with the coupon reward.
  await expect(page.getByTestId("signin-streak")).toHaveText("6");
  await expect(page.getByText("今日签到为本周期第 7 天")).toBeVisible();
  await expect(page.locator(".signin-rewards-next")).toContainText("第 7 天");
  await expect(page.locator(".signin-rewards-next")).toContainText("优惠券「签到奖励");
  await expect(page.locator(".signin-records tbody tr")).toHaveCount(10);
  await expect(page.getByRole("button", { name: "立即签到" })).toBeEnabled();
  await shot(page, "signin-demo");
  await page.getByRole("link", { name: "上个月" }).click();
  await expect(page).toHaveURL(/\/web\/member\/signin\?month=\d{4}-\d{2}$/);
  await expect(page.getByRole("link", { name: "下个月" })).toBeVisible();
  expect(errors).toEqual([]);

  const guest = await browser.newPage();
  for (const path of ["/member/level", "/member/signin"]) {
    await guest.goto(`/web${path}`);
    await expect(guest).toHaveURL(new RegExp(`/web/auth/login\\?redirect=${encodeURIComponent(path)}$`));
  }
  await guest.close();
});
