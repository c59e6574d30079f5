import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { CAPTCHA_TEST_CODE } from "../playwright.config.ts";

export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");
/** The e2e server's data directory, as playwright.config.ts sets it (E2E_DATA_DIR keeps parallel runs apart). */
export const E2E_DATA_DIR = path.resolve(REPO_ROOT, process.env.E2E_DATA_DIR ?? ".cache/e2e-data");

/** Seeded accounts (apps/server/src/seed/members.ts); the demo member starts with ¥500.00 of balance. */
export const DEMO_MEMBER = { username: "demo", password: "demo123456" };
export const SEEDED_ADMIN = { username: "admin", password: "admin123456" };

/**
 * Opens the home page and closes its pop-up campaign layer, which appears shortly after hydration
 * (SPEC: pop-up count per visitor). Waiting for it here keeps it from swallowing a later click.
 */
export async function openHome(page: Page): Promise<void> {
  await page.goto("/web/");
  await page.waitForLoadState("networkidle");
  await dismissFloatLayer(page);
}

export async function dismissFloatLayer(page: Page): Promise<void> {
  const close = page.locator(".home-float-layer__close");
  const shown = await close.waitFor({ state: "visible", timeout: 2500 }).then(() => true, () => false);
  if (!shown) return;
  await close.click();
  await close.waitFor({ state: "detached" });
}

/** Fails the test on any script error or CSP report of the page: collect, then expect it to be []. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy|Refused to/.test(message.text())) errors.push(message.text());
  });
  return errors;
}

/** React has hydrated the document (hydrateRoot marks its container): a click before that does nothing. */
export const hydrated = (page: Page) => page.evaluate(() => Object.keys(document).some((key) => key.startsWith("__reactContainer$")));

/** "¥12.34" from cents, as the cashier and checkout show amounts. */
export const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;
/** Cents from a shown amount ("¥1,234.50", "￥9.90", "-¥3.00" → its absolute value). */
export const centsOf = (shown: string) => Math.round(Number(shown.replace(/[^\d.]/g, "")) * 100);

// ---------------------------------------------------------------------------------------------
// Calls to the server (the browser context's cookie is the member's session)

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** A JSON API call that must succeed (code 0); its data. */
export async function api<T>(request: APIRequestContext, apiPath: string, data: object = {}, headers: Record<string, string> = {}): Promise<T> {
  const envelope = (await (await request.post(apiPath, { data, headers })).json()) as Envelope<T>;
  expect(envelope.code, `${apiPath}: ${envelope.message}`).toBe(0);
  return envelope.data;
}

/**
 * A client address of its own for a register / login call: those are limited to 10 a minute per
 * address, and a whole run registers more members than that. The server reads it when started
 * with TRUST_PROXY=1 (otherwise every call counts against 127.0.0.1), as the server tests do.
 */
function freshClientIp(): Record<string, string> {
  const part = () => 1 + Math.floor(Math.random() * 254);
  return { "X-Forwarded-For": `10.${part()}.${part()}.${part()}` };
}

export interface Shopper {
  username: string;
  password: string;
  memberId: number;
}

/**
 * Registers a fresh member through the API (its cart, addresses and orders start empty whatever
 * ran before); the request's context keeps the new session's cookie.
 */
export async function registerShopper(request: APIRequestContext, prefix = "e2e"): Promise<Shopper> {
  const captcha = await api<{ id: string }>(request, "/api/captcha/captcha");
  const username = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const password = "abc12345";
  await api(request, "/api/register/username", { username, password, captcha_id: captcha.id, captcha_code: CAPTCHA_TEST_CODE }, freshClientIp());
  const info = await api<{ member_id: number }>(request, "/api/member/info");
  return { username, password, memberId: info.member_id };
}

/** Signs in to the back office through its login page (the seeded owner unless told), and waits to leave it. */
export async function logInToConsole(page: Page, account: { username: string; password: string } = SEEDED_ADMIN): Promise<void> {
  await page.goto("/console/login");
  await page.getByLabel("账号").fill(account.username);
  await page.getByLabel("密码").fill(account.password);
  await page.getByRole("button", { name: /登\s*录/ }).click();
  await expect(page).not.toHaveURL(/\/console\/login/);
}

/** Adds a brand with a logo on the console's brand page (signed in), and waits for its toast. */
export async function addBrandInConsole(page: Page, brand: string, initial: string): Promise<void> {
  const drawer = page.getByRole("dialog");
  await page.goto("/console/goods/brand");
  await expect(page.getByRole("heading", { name: "商品品牌" })).toBeVisible();
  await page.getByRole("button", { name: "添加品牌" }).click();
  await drawer.getByLabel("品牌名称").fill(brand);
  await drawer.getByLabel("首字母").fill(initial);
  const logo = await (await page.request.get("/upload/seed/site/logo-square.png")).body();
  const logoField = drawer.locator(".ant-form-item", { hasText: "品牌 Logo" });
  await logoField.locator("input[type=file]").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
  await expect(logoField.locator(".ant-upload-list-item")).toHaveCount(1);
  await drawer.getByRole("button", { name: /保\s*存/ }).click();
  await expect(page.getByText(`品牌「${brand}」已添加`)).toBeVisible();
}

/** Logs in through the API; the request's context keeps the session cookie. */
export async function logInThroughApi(request: APIRequestContext, account: { username: string; password: string }): Promise<void> {
  const captcha = await api<{ id: string }>(request, "/api/captcha/captcha");
  await api(request, "/api/login/login", { ...account, captcha_id: captcha.id, captcha_code: CAPTCHA_TEST_CODE }, freshClientIp());
}

/**
 * Fills the login page's account form (its first focus loads the captcha), and submits it once the
 * captcha has loaded. Typing waits for hydration: text typed into the server's HTML is not in the form's state.
 */
export async function fillLoginForm(page: Page, account: { username: string; password: string }): Promise<void> {
  await expect.poll(() => hydrated(page)).toBe(true);
  await page.getByPlaceholder("用户名 / 手机号").fill(account.username);
  await expect(page.getByRole("img", { name: "图形验证码" })).toBeVisible();
  await page.getByPlaceholder("请输入密码").fill(account.password);
  await page.getByPlaceholder("请输入验证码").fill(CAPTCHA_TEST_CODE);
  await page.getByRole("button", { name: /登\s*录/ }).click();
}

export interface SkuRow {
  sku_id: number;
  sku_name: string;
  discount_price: string;
  stock: number;
  max_buy: number;
  min_buy: number;
}

/** The cheapest SKUs in stock without buying limits matching a keyword ("" = any, vouchers left out), cheapest first. */
export async function cheapSkus(request: APIRequestContext, keyword = ""): Promise<SkuRow[]> {
  const page = await api<{ list: SkuRow[] }>(request, "/api/goodssku/page", { keyword, page_size: 100 });
  return page.list
    .filter((sku) => sku.stock > 3 && sku.max_buy === 0 && sku.min_buy <= 1 && (keyword || !sku.sku_name.includes("电子兑换券")))
    .sort((a, b) => Number(a.discount_price) - Number(b.discount_price));
}

// ---------------------------------------------------------------------------------------------
// The staff API (docs/api/staff.md): the seeded admin ships and verifies orders

/** Logs the seeded admin in; a call function that sends the staff token and expects success. */
export async function staffSession(request: APIRequestContext) {
  const { token } = await api<{ token: string }>(request, "/shopapi/login/login", SEEDED_ADMIN);
  return <T>(apiPath: string, data: object) => api<T>(request, apiPath, data, { "X-Staff-Token": token });
}

/** Ships every line of a paid order in one package by the first express company, with a trace entry. */
export async function shipThroughStaffApi(request: APIRequestContext, orderId: number, deliveryNo: string): Promise<{ order_status: number }> {
  const staff = await staffSession(request);
  const [company] = await staff<Array<{ company_id: number }>>("/shopapi/express/companies", {});
  const detail = await staff<{ order_goods: Array<{ order_goods_id: number }> }>("/shopapi/order/detail", { order_id: orderId });
  return staff<{ order_status: number }>("/shopapi/order/delivery", {
    order_id: orderId,
    packages: [{ express_company_id: company!.company_id, delivery_no: deliveryNo, order_goods_ids: detail.order_goods.map((line) => line.order_goods_id), trace: [{ remark: "快件已揽收，正发往转运中心" }] }],
  });
}

// ---------------------------------------------------------------------------------------------
// Forms of the buying pages (antd selects)

/** Chooses a region level of the address form: open its select, type the start of the name, click the option. */
export async function pickRegion(page: Page, level: "省份" | "城市" | "区/县", name: string): Promise<void> {
  await page.getByRole("combobox", { name: level }).click();
  await page.keyboard.type(name.slice(0, 2));
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${name}"]`).click();
  await expect(page.locator(".address-region-level", { hasText: name })).toBeVisible();
}

/** Opens a select and clicks its option at `index` (once the previous dropdown has closed). */
export async function chooseOption(page: Page, name: string, index: number): Promise<void> {
  const open = page.locator(".ant-select-dropdown:visible");
  await expect(open).toHaveCount(0);
  await page.getByRole("combobox", { name }).click();
  await expect(open).toHaveCount(1);
  await open.locator(".ant-select-item-option").nth(index).click();
}

/**
 * Picks the first option of a labelled form select until the select shows a value. A slow machine
 * may leave the list open after a click that did not take (or open it before its options came):
 * close it and try again.
 */
export async function chooseFirstOption(page: Page, name: string): Promise<void> {
  const chosen = page.locator(".ant-form-item", { has: page.getByRole("combobox", { name }) }).locator(".ant-select-content-has-value");
  await expect(async () => {
    if ((await page.locator(".ant-select-dropdown:visible").count()) > 0) await page.keyboard.press("Escape");
    if ((await chosen.count()) === 0) await chooseOption(page, name, 0);
    await expect(chosen).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * On the checkout page: 门店自提 at the first store, tomorrow (it always has opening hours ahead),
 * the first time slot; the summary then names the store and nothing blocks the order.
 */
export async function choosePickup(page: Page): Promise<void> {
  await page.getByRole("region", { name: "配送方式" }).getByText("门店自提").click();
  await expect(page.locator(".checkout-summary__blocked")).toContainText("请选择自提门店");
  await chooseOption(page, "自提门店", 0);
  await chooseOption(page, "提货日期", 1);
  await chooseOption(page, "提货时段", 0);
  await expect(page.locator(".checkout-summary__blocked")).toHaveCount(0);
  await expect(page.locator(".checkout-summary__pay")).toContainText("自提门店：");
}

// ---------------------------------------------------------------------------------------------
// The e2e server's database, for what no shopper page can do yet (fixtures, a pay password)

const serverModule = (file: string) => JSON.stringify(path.join(REPO_ROOT, "apps/server/src", file));

/**
 * Runs a snippet against the e2e server's database (with tsx, as the server runs) and returns what
 * it prints as JSON. The snippet sees `db`, `fixtures` (modules/order/test-fixtures.ts) and
 * `hashPassword`, and returns its result.
 */
export function withServerDb<T>(body: string): T {
  const script = `
    const { connect } = await import(${serverModule("db/connect.ts")});
    const fixtures = await import(${serverModule("modules/order/test-fixtures.ts")});
    const { hashPassword } = await import(${serverModule("core/password.ts")});
    const handle = connect({ sqliteFile: ${JSON.stringify(path.join(E2E_DATA_DIR, "shop.sqlite"))} });
    const db = handle.db;
    const result = await (async () => { ${body} })();
    await handle.close();
    console.log(JSON.stringify(result ?? null));`;
  const output = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] });
  return JSON.parse(output.toString().trim().split("\n").pop()!) as T;
}

/** An order of modules/order/test-fixtures.ts (unpaid as checkout leaves it, or paid). */
export interface TestOrder {
  orderId: number;
  orderNo: string;
  outTradeNo: string;
  payMoneyCents: number;
}

/** The seeded SKUs the order fixtures use: on sale, stock over 20, priced ¥10–¥50. */
export const FIXTURE_SKUS_QUERY = `db.selectFrom("goods_sku").innerJoin("goods", "goods.goods_id", "goods_sku.goods_id")
  .select("goods_sku.sku_id").where("goods.goods_state", "=", 1).where("goods.is_delete", "=", 0).where("goods_sku.stock", ">", 20)
  .where("goods_sku.discount_price_cents", ">", 1000).where("goods_sku.discount_price_cents", "<", 5000).orderBy("goods_sku.sku_id")`;

export interface OrderSpec {
  /** 1 express (default), 2 pickup, 4 virtual */
  orderType?: number;
  verifyCode?: string;
  paid?: boolean;
  /** SKUs in the order (distinct seeded SKUs) */
  lines?: number;
}

/** Orders of the member from seeded SKUs priced ¥10–¥50 (distinct within an order), paid when asked. */
export function placeOrders(memberId: number, specs: OrderSpec[]): TestOrder[] {
  return withServerDb<TestOrder[]>(`
    const skus = await ${FIXTURE_SKUS_QUERY}.limit(40).execute();
    const specs = ${JSON.stringify(specs)};
    const orders = [];
    let next = Math.floor(Math.random() * 20);
    for (const spec of specs) {
      const lines = Array.from({ length: spec.lines ?? 1 }, () => ({ skuId: skus[next++ % skus.length].sku_id, num: 1 }));
      const order = await fixtures.createTestOrder(db, { memberId: ${memberId}, lines, orderType: spec.orderType, verifyCode: spec.verifyCode });
      if (spec.paid) await fixtures.payTestOrder(db, order);
      orders.push(order);
    }
    return orders;`);
}

// ---------------------------------------------------------------------------------------------
// The cashier's 演示支付 (the demo's gateway, in its own tab)

/** The trade number of the cashier or result page now open. */
export const cashierCode = (page: Page) => /[?&]code=(\d+)/.exec(page.url())?.[1] ?? "";

/**
 * On the cashier (演示支付 chosen): 立即支付 opens the gateway in a new tab, 确认支付 there sends the
 * notify; both tabs land on /pay/result. With `payCents` the gateway must show that amount; with
 * `gatewayShot` the gateway page is photographed there. Returns the trade number.
 */
export async function payInSandbox(page: Page, options: { payCents?: number; gatewayShot?: string } = {}): Promise<string> {
  const code = cashierCode(page);
  expect(code).not.toBe("");
  await expect(page.getByRole("radio", { name: /演示支付/ })).toHaveAttribute("aria-checked", "true");
  const gatewayOpened = page.context().waitForEvent("page");
  await page.getByRole("button", { name: "立即支付" }).click();
  const gateway = await gatewayOpened;
  await gateway.waitForURL(/\/sandbox-gateway\/pay\?/);
  if (options.payCents !== undefined) await expect(gateway.locator(".amount")).toHaveText(yuan(options.payCents));
  await expect(gateway.locator(".qr svg")).toBeVisible();
  if (options.gatewayShot) await gateway.screenshot({ path: options.gatewayShot, fullPage: true, animations: "disabled" });
  await gateway.getByRole("button", { name: "确认支付" }).click();
  const result = new RegExp(`/web/pay/result\\?code=${code}$`);
  await gateway.waitForURL(result);
  // The cashier polls the trade every 2 s and moves on once the job has delivered the notify.
  await expect(page).toHaveURL(result, { timeout: 20_000 });
  await gateway.close();
  return code;
}

/** The result page of a paid trade: 支付成功, the amount and the method; the order number it names. */
export async function expectPaid(page: Page, payCents: number, method: string): Promise<string> {
  await expect(page.getByText("支付成功")).toBeVisible();
  await expect(page.locator(".pay-result")).toContainText(`实付金额 ${yuan(payCents)}`);
  await expect(page.getByText(`支付方式：${method}`)).toBeVisible();
  const line = await page.getByText(/^订单编号：\d+$/).textContent();
  return line!.replace("订单编号：", "");
}
