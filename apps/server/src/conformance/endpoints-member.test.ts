import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowseItem, Page } from "@shop/contract";
import type { TestApp } from "../test/harness.ts";
import { firstSaleableSku } from "../modules/goods/test-fixtures.ts";
import { ReferenceClient } from "./reference-client.ts";
import { signedInClient, startReferenceShop } from "./fixtures.ts";

/**
 * The member centre's calls as a reference client makes them, token in the body (docs/api.md
 * "Member", "SKU detail, evaluations, follows, footprints"); a missing or bad token is a
 * TOKEN_ERROR the client recognises by `error_code` (sec item: error_code "TOKEN_ERROR" beside -10009).
 */
describe("conformance: member centre, follows, footprints", () => {
  let t: TestApp;
  let member: ReferenceClient;
  let sku: { sku_id: number; goods_id: number };
  beforeAll(async () => {
    t = await startReferenceShop();
    member = await signedInClient(t);
    sku = await firstSaleableSku(t.app.deps.db);
  });
  afterAll(() => t.close());

  it("/api/member/info answers the member centre's fields", async () => {
    await member.reads("/api/member/info");
  });

  it("a guest, and an unknown token, get -10009 with error_code TOKEN_ERROR (sec item)", async () => {
    for (const client of [new ReferenceClient(t), new ReferenceClient(t, "not-a-token")]) {
      const refusal = await client.refused("/api/member/info", {}, -10009);
      expect(refusal.error_code, `token ${client.token ?? "(none)"}`).toBe("TOKEN_ERROR");
    }
  });

  it("/api/goodscollect/add, iscollect, page and delete answer the follow button and My Follows", async () => {
    const body = { goods_id: sku.goods_id, sku_id: sku.sku_id };
    expect(await member.reads<number>("/api/goodscollect/add", body)).toBeGreaterThan(0);
    expect(await member.reads("/api/goodscollect/iscollect", { goods_id: sku.goods_id })).toBe(1);
    await member.reads("/api/goodscollect/page", { page: 1, page_size: 10 });
    expect(await member.reads("/api/goodscollect/delete", { goods_id: sku.goods_id })).toBe(1);
    expect(await member.reads("/api/goodscollect/iscollect", { goods_id: sku.goods_id })).toBe(0);
  });

  it("/api/goodsbrowse/add, page and delete answer My Footprints", async () => {
    await member.reads("/api/goodsbrowse/add", { goods_id: sku.goods_id, sku_id: sku.sku_id });
    const footprints = await member.reads<Page<BrowseItem>>("/api/goodsbrowse/page", { page: 1, page_size: 10 });
    await member.reads("/api/goodsbrowse/delete", { id: footprints.list[0]!.id });
    expect((await member.data<Page<BrowseItem>>("/api/goodsbrowse/page", { page: 1, page_size: 10 })).count).toBe(0);
  });
});
