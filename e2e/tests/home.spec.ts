import { test, expect } from "@playwright/test";
import path from "node:path";
import { openHome } from "./support.ts";

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "../../docs/screenshots");

test("home is server-rendered with the chrome and floors, even without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto("/web/");
  // Top bar, search, footer: all in the server's HTML.
  await expect(page.getByText("您好，请登录").first()).toBeVisible();
  await expect(page.getByText("免费注册").first()).toBeVisible();
  await expect(page.locator("input[maxlength='50']").first()).toBeVisible();
  await expect(page.getByText("周一至周日").first()).toBeVisible();
  // Every floor style is on the page.
  for (const style of [1, 2, 3, 4]) {
    await expect(page.locator(`.floor-style-${style}`).first()).toBeVisible();
  }
  // antd's static stylesheet applies without scripts (zero-runtime mode).
  const stylesheetCount = await page.locator("link[rel=stylesheet]").count();
  expect(stylesheetCount).toBeGreaterThan(0);
  await context.close();
});

test("the floors are in the HTML once: as links with goods names, not again in the hydration data", async ({ request }) => {
  const html = await (await request.get("/web/")).text();
  const payload = html.match(/streamController\.enqueue\((.*?)\);<\/script>/s)?.[1] ?? "";
  // Control: what the page does send (a notice beside the carousel) is found in the payload as written.
  const notice = html.match(/class="home-notices__item"><a [^>]*title="([^"]+)"/)?.[1] ?? "";
  expect(notice).not.toBe("");
  expect(payload).toContain(notice);
  const floors = html.slice(html.indexOf('class="home-floors"'));
  const goods = [...floors.matchAll(/<a href="\/web\/sku\/\d+"[^>]*><img[^>]*><span>([^<]+)<\/span>/g)].map((match) => match[1]!);
  expect(goods.length).toBeGreaterThan(20);
  for (const name of goods.slice(0, 5)) expect(payload).not.toContain(name);
});

test("home page hydrates without console errors", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/web/");
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
});

for (const width of [1280, 1920]) {
  test(`home page screenshot at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 1000 });
    await openHome(page);
    // Images load lazily: scroll through the page once so the full-page capture shows them.
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState("networkidle");
    const file = process.env.UPDATE_SCREENSHOTS
      ? path.join(SCREENSHOT_DIR, `home-${width}-full.png`)
      : test.info().outputPath(`home-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    // The page fills the width and has real content below the fold.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeGreaterThan(1500);
  });
}
