import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderPaymentPreview } from "@shop/contract";
import { startTestApp, usingPostgres, type TestApp } from "../test/harness.ts";
import { requiredService } from "../test/services.ts";
import { registerMember } from "../modules/auth/testing.ts";
import { signedSandboxNotify } from "../modules/pay/providers/sandbox.ts";
import { insertThirtyYuanSku, postForm, sandboxNotify, unpaidOrder } from "../modules/pay/test-helpers.ts";
import { listenForSockets, signInServicer, TestSocket } from "../modules/chat/testing.ts";
import { insertGoods } from "../modules/goods/test-fixtures.ts";
import { insertSeckill, insertSlotsAroundNow } from "../modules/seckill/test-fixtures.ts";
import { ADMIT_MIN, CROWDED_MESSAGE } from "../modules/seckill/admission.ts";
import { SECKILL_MESSAGES } from "../modules/seckill/buying.ts";
import { WEB_BUILD_DIR, PAGE_CACHE_HEADER } from "../ssr/handler.ts";
import { sampleSum } from "./metrics-testing.ts";

/**
 * The outcomes modules count (core/metrics.ts), seen through GET /metrics of a real app: payment
 * notifies, chat websockets, the seckill's door, and the storefront's page cache.
 */
describe(`metrics of the modules' outcomes (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const scrape = async () => (await t.app.inject({ method: "GET", url: "/metrics" })).body;

  it("counts payment notifies by provider and outcome", async () => {
    const notifies = (text: string, outcome: string) => sampleSum(text, "shop_payment_notifies_total", { provider: "sandbox", outcome });
    const member = await registerMember(t);
    const order = await unpaidOrder(t, member, await insertThirtyYuanSku(t));
    const before = await scrape();

    const forged = signedSandboxNotify({ outTradeNo: order.outTradeNo, tradeNo: "SBFAKE", totalAmount: "30.00", tradeStatus: "TRADE_SUCCESS" }, "not-the-secret");
    expect((await postForm(t, "/pay/notify/sandbox", forged)).body).toBe("fail");
    expect((await postForm(t, "/pay/notify/sandbox", sandboxNotify(t, { outTradeNo: "99999999999999999999", totalAmount: "30.00" }))).body).toBe("fail");
    const genuine = sandboxNotify(t, { outTradeNo: order.outTradeNo, totalAmount: "30.00" });
    expect((await postForm(t, "/pay/notify/sandbox", genuine)).body).toBe("success");
    expect((await postForm(t, "/pay/notify/sandbox", genuine)).body).toBe("success");
    expect((await postForm(t, "/pay/notify/sandbox", genuine)).body).toBe("success");

    const after = await scrape();
    const moved = Object.fromEntries(["bad_signature", "unknown_trade", "paid", "already_paid", "error"].map((outcome) => [outcome, notifies(after, outcome) - notifies(before, outcome)]));
    expect(moved).toEqual({ bad_signature: 1, unknown_trade: 1, paid: 1, already_paid: 2, error: 0 });
  });

  it("counts open chat websockets by role, back down when they close", async () => {
    const sockets = async (role: string) => sampleSum(await scrape(), "shop_chat_websocket_connections", { role });
    const origin = await listenForSockets(t.app);
    const member = await registerMember(t);
    const servicer = await signInServicer(t);
    const [members, servicers] = [await sockets("member"), await sockets("servicer")];

    const memberSockets = [await TestSocket.open(origin, member.cookie), await TestSocket.open(origin, member.cookie)];
    const servicerSocket = await TestSocket.open(origin, servicer.cookie, { servicer: true });
    expect(await sockets("member")).toBe(members + 2);
    expect(await sockets("servicer")).toBe(servicers + 1);

    await Promise.all([...memberSockets, servicerSocket].map((socket) => socket.close()));
    // The server sees the close a moment after the client.
    await expect.poll(async () => [await sockets("member"), await sockets("servicer")]).toEqual([members, servicers]);
  });

  it("counts the seckill door's answers: admitted, crowded, sold out, other", async () => {
    const { db } = t.app.deps;
    const answers = (text: string, outcome: string) => sampleSum(text, "shop_seckill_door_answers_total", { outcome });
    const slots = await insertSlotsAroundNow(db);
    const seckillOf = async (pool: number, slotId = slots.onNow) => {
      const goods = await insertGoods(db, `指标秒杀商品${pool}-${slotId}`, { skus: [{ stock: 100, is_default: 1, discount_price_cents: 9900 }] });
      const skuId = goods.skuIds[0]!;
      return { seckillId: await insertSeckill(db, { goodsId: goods.goodsId, skus: [{ skuId, priceCents: 1990, pool }], slotIds: [slotId], maxBuy: 1 }), skuId };
    };
    const payment = (target: { seckillId: number; skuId: number }, token: string) =>
      t.call<OrderPaymentPreview>("/seckill/api/ordercreate/payment", { seckill_id: target.seckillId, sku_id: target.skuId, num: 1 }, { token });
    const before = await scrape();

    expect(await payment(await seckillOf(0), "any-token")).toMatchObject({ message: SECKILL_MESSAGES.soldOut });
    expect((await payment(await seckillOf(1, slots.notNow), "any-token")).code).not.toBe(0);
    const open = await seckillOf(1);
    for (let index = 0; index < ADMIT_MIN; index += 1) expect((await payment(open, (await registerMember(t)).token)).code).toBe(0);
    expect(await payment(open, (await registerMember(t)).token)).toMatchObject({ message: CROWDED_MESSAGE });

    const after = await scrape();
    const moved = Object.fromEntries(["admitted", "crowded", "sold_out", "other"].map((outcome) => [outcome, answers(after, outcome) - answers(before, outcome)]));
    expect(moved).toEqual({ admitted: ADMIT_MIN, crowded: 1, sold_out: 1, other: 1 });
  });
});

// Skipped without a build of the storefront, a failure under CI=true (npm test builds first).
const storefront = requiredService("the built storefront", fs.existsSync(path.join(WEB_BUILD_DIR, "server/index.js")), "the storefront is not built (run npm run build)");

describe.skipIf(storefront.skip)(`metrics of the storefront's pages${storefront.note}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    storefront.require();
    t = await startTestApp({ seed: true, config: { serveWeb: true, pageCache: true, dataCache: true, pageCacheFreshMs: 60_000 } });
  });
  afterAll(() => t?.close());

  it("counts page-cache results, and times every page under the one /web/* route", async () => {
    const scrape = async () => (await t.app.inject({ method: "GET", url: "/metrics" })).body;
    const page = (url: string, cookie?: string) => t.app.inject({ method: "GET", url, headers: { host: "127.0.0.1", ...(cookie ? { cookie } : {}) } });
    const member = await registerMember(t);
    const before = await scrape();

    expect((await page("/web/cms/help/list")).headers[PAGE_CACHE_HEADER]).toBe("miss");
    expect((await page("/web/cms/help/list")).headers[PAGE_CACHE_HEADER]).toBe("hit");
    expect((await page("/web/goods/category")).headers[PAGE_CACHE_HEADER]).toBe("miss");
    expect((await page("/web/cms/help/list", member.cookie)).headers[PAGE_CACHE_HEADER]).toBe("bypass");
    // The built assets are a route per file: one label for them all.
    const asset = fs.readdirSync(path.join(WEB_BUILD_DIR, "client/assets")).find((name) => name.endsWith(".js"))!;
    expect((await page(`/web/assets/${asset}`)).statusCode).toBe(200);

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) => sampleSum(after, name, labels) - sampleSum(before, name, labels);
    expect(Object.fromEntries(["hit", "miss", "bypass"].map((result) => [result, moved("shop_page_cache_requests_total", { result })]))).toEqual({ hit: 1, miss: 2, bypass: 1 });
    expect(moved("shop_http_request_duration_seconds_count", { route: "/web/*", method: "GET", status: "200" })).toBe(4);
    expect(moved("shop_http_request_duration_seconds_count", { route: "static:/web/", method: "GET", status: "200" })).toBe(1);
    expect(sampleSum(after, "shop_http_request_duration_seconds_count", { route: `/web/assets/${asset}` })).toBe(0);
  });
});
