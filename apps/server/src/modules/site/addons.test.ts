import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { saveSetting } from "./service.ts";
import { ADDON_REQUIREMENTS, implementedAddons, offeredAddons } from "./addons.ts";

describe("add-ons follow the registered endpoints", () => {
  const none = Object.fromEntries(Object.keys(ADDON_REQUIREMENTS).map((name) => [name, 0]));
  const coupon = ADDON_REQUIREMENTS.coupon!.endpoints;

  it("turns an add-on on once every endpoint its clients call is registered, and not before", () => {
    expect(implementedAddons(new Set())).toEqual(none);
    expect(implementedAddons(new Set(coupon.slice(1)))).toEqual(none);
    expect(implementedAddons(new Set(coupon))).toEqual({ ...none, coupon: 1 });
  });

  it("waits for the staff side of an add-on whose client endpoint is a placeholder today", () => {
    const rewards = new Set(ADDON_REQUIREMENTS.memberregister!.endpoints);
    expect(implementedAddons(rewards).memberregister).toBe(0);
    expect(implementedAddons(new Set([...rewards, "/shopapi/memberregister/config"])).memberregister).toBe(1);
  });

  it("lets the shop switch an implemented add-on off, never one on", () => {
    const implemented = { ...none, coupon: 1 as const };
    expect(offeredAddons(implemented, {})).toEqual(implemented);
    expect(offeredAddons(implemented, { coupon: 0 })).toEqual(none);
    expect(offeredAddons(implemented, { seckill: 1 })).toEqual(implemented);
  });
});

describe("/api/addon/addonisexit", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("answers what this server registers, whatever the config says is installed", async () => {
    const answer = async () => (await t.call<Record<string, number>>("/api/addon/addonisexit")).data;
    const registered = implementedAddons(new Set(t.app.api.access.keys()));
    expect(await answer()).toEqual(registered);
    // A 1 saved before add-ons were derived (the old seed wrote coupon: 1 …) turns nothing on.
    await saveSetting(t.app.deps.db, "addons", { coupon: 1, seckill: 1, servicer: 1, weapp: 1 });
    expect(await answer()).toEqual(registered);
  });
});
