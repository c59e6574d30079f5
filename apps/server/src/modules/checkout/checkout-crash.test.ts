import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Envelope, OrderPaymentPreview } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { postJson, startShopProcess, type ShopProcess } from "../../test/shop-process.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { grantAccount } from "../order/test-fixtures.ts";
import { setConfig } from "../../core/config-store.ts";
import { FEE_BY_COUNT } from "./freight.ts";
import { insertAddress, useFreightTemplate } from "./test-fixtures.ts";
import { SEARCH_COMPACTION_JOB } from "../search/compaction.ts";

/**
 * A real server process is killed in the middle of a create — after it took the stock and wrote the
 * order, before the commit (SHOP_CRASH_POINT=order.create.after_stock) — and started again on the
 * same database: the database holds the whole order or nothing, and the shopper can still create it.
 */
const CRASH_EXIT_CODE = 86;

/** A server process on the test app's database (SQLite file or PostgreSQL schema). */
function startServer(t: TestApp, extraEnv: Record<string, string> = {}): Promise<ShopProcess> {
  const database = t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl, PG_SCHEMA: t.config.pgSchema ?? "" } : { DATA_DIR: t.config.dataDir };
  return startShopProcess({ env: { ...database, JOB_INTERVAL_MS: "0", ...extraEnv } });
}

const post = <T>(server: ShopProcess, path: string, body: object, token: string) =>
  postJson<T>(`${server.url}${path}`, { ...body, token }) as Promise<Envelope<T>>;

describe("a server killed in the middle of a create", () => {
  let t: TestApp;
  let buyer: TestMember;
  let skuId: number;
  let addressId: number;
  let cartId: number;
  const running: ShopProcess[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    const db = t.app.deps.db;
    await useFreightTemplate(db, FEE_BY_COUNT, [{ region_ids: "", first_unit: 1, first_cents: 1000, continue_unit: 1, continue_cents: 500 }]);
    await setConfig(db, "express_config", { free_shipping_above_cents: 0 });
    skuId = (await insertGoods(db, "保温杯", { goods: { goods_stock: 10 }, skus: [{ discount_price_cents: 4500 }] })).skuIds[0]!;
    buyer = await registerMember(t);
    await grantAccount(db, buyer.member_id, "balance", 2000, "crash-test");
    await grantAccount(db, buyer.member_id, "point", 100, "crash-test");
    addressId = await insertAddress(db, buyer.member_id, "beijing", 1);
    cartId = (await db.insertInto("cart").values({ site_id: 0, member_id: buyer.member_id, sku_id: skuId, num: 3, create_time: 1, update_time: 1 }).returning("cart_id").executeTakeFirstOrThrow()).cart_id;
  });
  afterAll(async () => {
    for (const server of running) if (server.child.exitCode === null) server.child.kill("SIGKILL");
    await t.close();
  });

  const snapshot = async () => {
    const db = t.app.deps.db;
    return {
      orders: await db.selectFrom("orders").select(["order_id", "order_key", "pay_money_cents"]).execute(),
      orderGoods: await db.selectFrom("order_goods").select("order_goods_id").execute(),
      orderLog: await db.selectFrom("order_log").select("id").execute(),
      trades: await db.selectFrom("pay").select("out_trade_no").execute(),
      // the order's jobs (the nightly search compaction is the server's own)
      jobs: await db.selectFrom("job").select("id").where("kind", "!=", SEARCH_COMPACTION_JOB).execute(),
      stock: (await db.selectFrom("goods_sku").select("stock").where("sku_id", "=", skuId).executeTakeFirstOrThrow()).stock,
      member: await db.selectFrom("member").select(["balance_cents", "point"]).where("member_id", "=", buyer.member_id).executeTakeFirstOrThrow(),
      ledgerRows: (await db.selectFrom("member_account").select("id").where("member_id", "=", buyer.member_id).execute()).length,
      cart: (await db.selectFrom("cart").select("cart_id").where("member_id", "=", buyer.member_id).execute()).map((row) => row.cart_id),
    };
  };

  it("leaves nothing of the order, and the restarted server creates it whole", { timeout: 120_000 }, async () => {
    const crashing = await startServer(t, { SHOP_CRASH_POINT: "order.create.after_stock" });
    running.push(crashing);
    const preview = await post<OrderPaymentPreview>(crashing, "/api/ordercreate/payment", { cart_ids: String(cartId) }, buyer.token);
    expect(preview.code, preview.message).toBe(0);
    const body = { order_key: preview.data.order_key, delivery: { delivery_type: "express" }, member_address: { id: addressId }, is_balance: 1, is_point: 1 };
    const before = await snapshot();

    const create = post(crashing, "/api/ordercreate/create", body, buyer.token);
    await expect(create).rejects.toThrow();
    expect(await crashing.exited).toBe(CRASH_EXIT_CODE);
    expect(await snapshot()).toEqual(before);
    expect(before.orders).toEqual([]);
    expect(before.stock).toBe(10);

    const restarted = await startServer(t);
    running.push(restarted);
    const created = await post<string>(restarted, "/api/ordercreate/create", body, buyer.token);
    expect(created.code, created.message).toBe(0);
    const after = await snapshot();
    // 3 × 45.00 + freight 10.00 + 2 × 5.00 = 155.00; points 1.00; balance 20.00 → 134.00 to pay.
    expect(after.orders).toEqual([expect.objectContaining({ order_key: preview.data.order_key, pay_money_cents: 13400 })]);
    expect(after.orderGoods).toHaveLength(1);
    expect(after.orderLog).toHaveLength(1);
    expect(after.trades.map((trade) => trade.out_trade_no)).toEqual([created.data]);
    expect(after.jobs).toHaveLength(1);
    expect(after.stock).toBe(7);
    expect(after.member).toEqual({ balance_cents: 0, point: 0 });
    expect(after.ledgerRows).toBe(before.ledgerRows + 2);
    expect(after.cart).toEqual([]);
    await restarted.stop();
  });
});
