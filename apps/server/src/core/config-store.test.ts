import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { getConfig, getConfigs, setConfig } from "./config-store.ts";
import { BUYING_CONFIG_DEFAULTS } from "./buying-config.ts";
import { now } from "./time.ts";

/** Settings: one read of several answers each as getConfig would (missing → default, merged over it, unreadable → default). */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("getConfigs", () => {
  it("answers each setting as getConfig does, in one read", async () => {
    const db = t.app.deps.db;
    await db.deleteFrom("config").where("config_key", "in", ["order_config", "point_config", "invoice_config"]).execute();
    await setConfig(db, "order_config", { ...BUYING_CONFIG_DEFAULTS.order_config, auto_close_minutes: 42 });
    await db.insertInto("config").values({ config_key: "invoice_config", value: "{not json", update_time: now() }).execute();
    const fallbacks = { order_config: BUYING_CONFIG_DEFAULTS.order_config, point_config: BUYING_CONFIG_DEFAULTS.point_config, invoice_config: BUYING_CONFIG_DEFAULTS.invoice_config };
    const read = await getConfigs(db, fallbacks);
    expect(read.order_config.auto_close_minutes).toBe(42);
    expect(read.point_config).toEqual(BUYING_CONFIG_DEFAULTS.point_config);
    expect(read.invoice_config).toEqual(BUYING_CONFIG_DEFAULTS.invoice_config);
    for (const key of Object.keys(fallbacks) as Array<keyof typeof fallbacks>) expect(read[key]).toEqual(await getConfig(db, key, fallbacks[key]));
  });
});
