import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { clearAllTables } from "./db-write.ts";
import { seedIfEmpty } from "./index.ts";

describe("seed --reset", () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await startTestApp({ seed: 60 });
  });
  afterAll(() => shop.close());

  it("keeps the regions a migration loaded, so a reset database seeds again (addresses need them)", async () => {
    const { db, dialect } = shop.app.deps;
    await clearAllTables(db, dialect, shop.config.pgSchema);
    const regions = await db.selectFrom("region").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(regions.n)).toBeGreaterThan(3000);
    expect(await seedIfEmpty(shop.app.deps, { skus: 60, log: () => {} })).toBeTruthy();
    const skus = await db.selectFrom("goods_sku").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(skus.n)).toBe(60);
  });
});
