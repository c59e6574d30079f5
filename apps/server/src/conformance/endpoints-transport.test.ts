import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../test/harness.ts";
import { getSiteInfo, saveSetting } from "../modules/site/service.ts";
import { ReferenceClient } from "./reference-client.ts";
import { signedInClient, startReferenceShop } from "./fixtures.ts";

/**
 * What every call shares for a reference client (docs/api.md "Transport", "Envelope and codes"):
 * HTTP 200 with the envelope for anything it POSTs — unknown calls included (sec item: -1 接口不存在
 * rather than HTTP 404) —, the common fields accepted, session errors recognisable by
 * `error_code: "TOKEN_ERROR"` (sec item), the closed shop signalled by -3 (the status call too).
 */
describe("conformance: transport and envelope", () => {
  let t: TestApp;
  let client: ReferenceClient;
  beforeAll(async () => {
    t = await startReferenceShop();
    client = new ReferenceClient(t);
  });
  afterAll(() => t.close());

  it.each(["/api/nosuch/call", "/nosuchaddon/api/nosuch/call", "/api/site/nosuch"])(
    "an unknown call %s answers HTTP 200 with -1 接口不存在, so a client shows our message (sec item)",
    async (path) => {
      expect(await client.refused(path, {}, -1)).toMatchObject({ message: "接口不存在", data: null });
    },
  );

  it("a GET of a missing page still answers HTTP 404", async () => {
    expect((await t.app.inject({ method: "GET", url: "/no-such-page" })).statusCode).toBe(404);
  });

  it("accepts the reference's common fields and fields it sends that we do not use", async () => {
    await client.reads("/api/site/info", { app_type: "pc", app_type_name: "PC", site_id: 1, store_id: 0, source_member: 0 });
  });

  it("a body that breaks the call's rules answers -10006 naming the field, HTTP 200", async () => {
    expect((await client.refused("/api/goodssku/detail", { sku_id: "abc" }, -10006)).message).toBe("参数 sku_id 类型错误");
  });

  it("an expired session answers -10010 with error_code TOKEN_ERROR too (the reference's clients read only that field)", async () => {
    const member = await signedInClient(t);
    await t.app.deps.db.updateTable("member_token").set({ expire_time: 1 }).where("member_id", "=", member.memberId).execute();
    expect(await member.refused("/api/member/info", {}, -10010)).toMatchObject({ error_code: "TOKEN_ERROR", data: null });
  });

  it("a closed shop answers -3 网站已关闭！ to every call but the close page's, HTTP 200", async () => {
    const db = t.app.deps.db;
    const site = await getSiteInfo(db);
    await saveSetting(db, "site_info", { ...site, shop_status: 0 });
    try {
      expect((await client.refused("/api/goodssku/page", {}, -3)).message).toBe("网站已关闭！");
      await client.reads("/api/site/info");
      expect(await client.refused("/api/site/status", {}, -3)).toMatchObject({ data: { shop_status: 0 } });
    } finally {
      await saveSetting(db, "site_info", site);
    }
  });
});
