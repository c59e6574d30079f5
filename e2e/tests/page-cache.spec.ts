import { expect, request as playwrightRequest, test, type Page } from "@playwright/test";
import { CACHED_SHOP_PORT, CAPTCHA_TEST_CODE } from "../playwright.config.ts";
import { DEMO_MEMBER, SEEDED_ADMIN, watchErrors } from "./support.ts";

/**
 * The anonymous page cache in a real browser (the second e2e server runs with the caches on): a
 * page served from the cache carries this response's CSP nonce, so it hydrates; a price changed
 * through the staff API is on the next guest page.
 */
const ORIGIN = `http://127.0.0.1:${CACHED_SHOP_PORT}`;

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

async function post<T>(path: string, data: object, headers: Record<string, string> = {}): Promise<T> {
  const context = await playwrightRequest.newContext({ baseURL: ORIGIN });
  try {
    const envelope = (await (await context.post(path, { data, headers })).json()) as Envelope<T>;
    expect(envelope.code, `${path}: ${envelope.message}`).toBe(0);
    return envelope.data;
  } finally {
    await context.dispose();
  }
}

/** React has hydrated the document (hydrateRoot marks its container). */
const hydrated = (page: Page) => page.evaluate(() => Object.keys(document).some((key) => key.startsWith("__reactContainer$")));

test("a guest page from the cache hydrates, and a staff price change is on the next guest page", async ({ page }) => {
  const errors = watchErrors(page);
  const list = await post<{ list: Array<{ sku_id: number; goods_name: string }> }>("/api/goodssku/page", { page_size: 1 });
  const sku = list.list[0]!;
  const skuPage = `${ORIGIN}/web/sku/${sku.sku_id}`;

  await page.goto(skuPage);
  const cached = await page.goto(skuPage);
  expect(cached?.headers()["x-page-cache"]).toBe("hit");
  await expect(page.getByRole("heading", { name: sku.goods_name })).toBeVisible();
  await expect.poll(() => hydrated(page)).toBe(true);
  expect(errors).toEqual([]);

  const { token } = await post<{ token: string }>("/shopapi/login/login", SEEDED_ADMIN);
  await post("/shopapi/goods/editskuprice", { sku_id: sku.sku_id, price: "432.19" }, { "X-Staff-Token": token });

  const fresh = await page.goto(skuPage);
  expect(fresh?.headers()["x-page-cache"]).toBe("miss");
  await expect(page.getByText("432.19").first()).toBeVisible();
  await expect.poll(() => hydrated(page)).toBe(true);
  expect(errors).toEqual([]);
});

test("a member's pages are never served from the guests' cache", async ({ page }) => {
  await page.goto(`${ORIGIN}/web/`);
  expect((await page.goto(`${ORIGIN}/web/`))?.headers()["x-page-cache"]).toBe("hit");
  // The browser context's own request API: the session cookie lands in the page's cookie jar.
  const captcha = (await (await page.request.post(`${ORIGIN}/api/captcha/captcha`, { data: {} })).json()) as Envelope<{ id: string }>;
  const login = (await (
    await page.request.post(`${ORIGIN}/api/login/login`, { data: { ...DEMO_MEMBER, captcha_id: captcha.data.id, captcha_code: CAPTCHA_TEST_CODE } })
  ).json()) as Envelope<unknown>;
  expect(login.code, login.message).toBe(0);
  const home = await page.goto(`${ORIGIN}/web/`);
  expect(home?.headers()["x-page-cache"]).toBe("bypass");
  await expect(page.getByText("退出登录")).toBeVisible();
});
