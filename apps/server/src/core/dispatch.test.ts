import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyReply, FastifyRequest } from "fastify";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { setConfig } from "./config-store.ts";
import { CONFIG_DEFAULTS } from "../modules/site/defaults.ts";

/** api.dispatch: the in-process path of SSR loaders answers exactly like HTTP. */
describe("in-process dispatch", () => {
  let t: TestApp;
  let request: FastifyRequest;
  let reply: FastifyReply;
  beforeAll(async () => {
    t = await startTestApp();
    // A real request/reply pair, as the SSR handler has for the page being rendered.
    t.app.get("/__dispatch-probe", (req, rep) => {
      request = req;
      reply = rep;
      return "ok";
    });
    await probe();
  });
  afterAll(() => t.close());

  /** A new page request: the next dispatches run under it. */
  const probe = () => t.app.inject({ method: "GET", url: "/__dispatch-probe" });

  const dispatch = (path: string, body: unknown) => t.app.api.dispatch(path, body, request, reply);

  it("returns the same envelope as the HTTP route", async () => {
    const direct = await dispatch("/api/site/status", {});
    const overHttp = await t.call("/api/site/status");
    expect({ ...direct, timestamp: 0 }).toEqual({ ...overHttp, timestamp: 0 });
  });

  it("validates bodies and maps business errors", async () => {
    expect(await dispatch("/api/help/info", { id: "abc" })).toMatchObject({ code: -10006, message: "参数 id 类型错误" });
    expect(await dispatch("/api/help/info", { id: 99999 })).toMatchObject({ code: -1, message: "帮助不存在" });
    expect(await dispatch("/api/member/info", {})).toMatchObject({ code: -10009 });
    expect(await dispatch("/api/no/such", {})).toMatchObject({ code: -1, message: "接口不存在" });
  });

  it("applies the site-closed guard, reading the status once per page request", async () => {
    await probe();
    expect(await dispatch("/api/pc/navList", {})).toMatchObject({ code: 0 });
    await setConfig(t.app.deps.db, "site_info", { ...CONFIG_DEFAULTS.site_info, shop_status: 0 });
    // The same page request keeps the state it started with …
    expect(await dispatch("/api/pc/navList", {})).toMatchObject({ code: 0 });
    // … the next one sees the shop closed.
    await probe();
    expect(await dispatch("/api/pc/navList", {})).toMatchObject({ code: -3 });
    expect(await dispatch("/api/site/info", {})).toMatchObject({ code: 0 });
    await setConfig(t.app.deps.db, "site_info", { ...CONFIG_DEFAULTS.site_info, shop_status: 1 });
  });
});
