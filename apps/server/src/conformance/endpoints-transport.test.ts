import { describe, expect, it } from "vitest";
import { getSiteInfo, saveSetting } from "../modules/site/service.ts";
import { signedInClient, useReferenceShop } from "./fixtures.ts";

/**
 * What every call shares for a reference client (docs/api.md "Transport", "Envelope and codes"):
 * HTTP 200 with the envelope for anything it POSTs — unknown calls included (sec item: -1 接口不存在
 * rather than HTTP 404) —, the common fields accepted, session errors recognisable by
 * `error_code: "TOKEN_ERROR"` (sec item), the closed shop signalled by -3 (the status call too).
 */
describe("conformance: transport and envelope", () => {
  const shop = useReferenceShop();

  it.each(["/api/nosuch/call", "/nosuchaddon/api/nosuch/call", "/api/site/nosuch"])(
    "an unknown call %s answers HTTP 200 with -1 接口不存在, so a client shows our message (sec item)",
    async (path) => {
      expect(await shop.client.refused(path, {}, -1)).toMatchObject({ message: "接口不存在", data: null });
    },
  );

  it("a GET of a missing page still answers HTTP 404", async () => {
    expect((await shop.t.app.inject({ method: "GET", url: "/no-such-page" })).statusCode).toBe(404);
  });

  it("accepts the reference's common fields and fields it sends that we do not use", async () => {
    await shop.client.reads("/api/site/info", { app_type: "pc", app_type_name: "PC", site_id: 1, store_id: 0, source_member: 0 });
  });

  it("a body that breaks the call's rules answers -10006 naming the field, HTTP 200", async () => {
    expect((await shop.client.refused("/api/goodssku/detail", { sku_id: "abc" }, -10006)).message).toBe("参数 sku_id 类型错误");
  });

  it("an expired session answers -10010 with error_code TOKEN_ERROR too (the reference's clients read only that field)", async () => {
    const member = await signedInClient(shop.t);
    await shop.t.app.deps.db.updateTable("member_token").set({ expire_time: 1 }).where("member_id", "=", member.memberId).execute();
    expect(await member.refused("/api/member/info", {}, -10010)).toMatchObject({ error_code: "TOKEN_ERROR", data: null });
  });

  it("a closed shop answers -3 网站已关闭！ to every call but the close page's, HTTP 200", async () => {
    const db = shop.t.app.deps.db;
    const site = await getSiteInfo(db);
    await saveSetting(db, "site_info", { ...site, shop_status: 0 });
    try {
      expect((await shop.client.refused("/api/goodssku/page", {}, -3)).message).toBe("网站已关闭！");
      await shop.client.reads("/api/site/info");
      expect(await shop.client.refused("/api/site/status", {}, -3)).toMatchObject({ data: { shop_status: 0 } });
    } finally {
      await saveSetting(db, "site_info", site);
    }
  });
});
