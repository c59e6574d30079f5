import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, usingPostgres, type TestApp } from "../harness.ts";
import { startShopProcess, postJson, type ShopProcess } from "../shop-process.ts";
import { insertGoods } from "../../modules/goods/test-fixtures.ts";
import { seedBuyers, type Buyer } from "./buyers.ts";

/**
 * Issue 6 proof: 200 buyers (separate members, real HTTP, real server processes) race for an SKU
 * with 50 in stock. Exactly 50 orders are created, the stock ends at 0 and never below, and every
 * other buyer is told 库存不足. On PostgreSQL the buyers are spread over two server instances
 * sharing one database.
 */
const BUYERS = 200;
const STOCK = 50;

describe(`${BUYERS} concurrent buyers for ${STOCK} in stock`, () => {
  let t: TestApp;
  let servers: ShopProcess[] = [];
  let skuId: number;
  let buyers: Buyer[];

  beforeAll(async () => {
    // The test app migrates the database and writes the fixtures; the servers are separate processes on it.
    t = await startTestApp();
    const goods = await insertGoods(t.app.deps.db, "限量款机械键盘", { skus: [{ stock: STOCK, price_cents: 39900, discount_price_cents: 39900 }] });
    skuId = goods.skuIds[0]!;
    buyers = await seedBuyers(t.app.deps.db, BUYERS);
    const env = t.config.databaseUrl
      ? { DATABASE_URL: t.config.databaseUrl, PG_SCHEMA: t.config.pgSchema }
      : { DATA_DIR: t.config.dataDir };
    const instances = usingPostgres() ? 2 : 1;
    servers = await Promise.all(Array.from({ length: instances }, () => startShopProcess({ env: { ...env, JOB_INTERVAL_MS: "0" } })));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await t?.close();
  });

  it("sells exactly the stock and refuses the rest with 库存不足", async () => {
    const results = await Promise.all(
      buyers.map(async (buyer, index) => {
        const origin = servers[index % servers.length]!.url;
        const preview = await postJson<{ order_key: string }>(`${origin}/api/ordercreate/payment`, { token: buyer.token, sku_id: skuId, num: 1 });
        if (preview.code !== 0) return preview;
        return postJson<string>(`${origin}/api/ordercreate/create`, {
          token: buyer.token,
          order_key: preview.data.order_key,
          delivery: { delivery_type: "express" },
          member_address: { id: buyer.addressId },
        });
      }),
    );
    const created = results.filter((result) => result.code === 0);
    const refused = results.filter((result) => result.code !== 0);
    expect(created).toHaveLength(STOCK);
    expect(refused).toHaveLength(BUYERS - STOCK);
    for (const result of refused) expect(result.message).toContain("库存不足");

    const db = t.app.deps.db;
    const sku = await db.selectFrom("goods_sku").select("stock").where("sku_id", "=", skuId).executeTakeFirstOrThrow();
    expect(Number(sku.stock)).toBe(0);
    const sold = await db
      .selectFrom("order_goods")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("num"), eb.lit(0)).as("total"))
      .where("sku_id", "=", skuId)
      .executeTakeFirstOrThrow();
    expect(Number(sold.total)).toBe(STOCK);
    const orders = await db.selectFrom("orders").select(["member_id", "order_status", "out_trade_no"]).execute();
    expect(orders).toHaveLength(STOCK);
    // One order per successful buyer, each unpaid with its own trade to pay.
    expect(new Set(orders.map((order) => order.member_id)).size).toBe(STOCK);
    expect(orders.every((order) => order.order_status === 0 && order.out_trade_no !== "")).toBe(true);
  }, 180_000);
});
