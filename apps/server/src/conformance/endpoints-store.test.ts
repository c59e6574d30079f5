import { describe, expect, it } from "vitest";
import type { Page, StoreItem } from "@shop/contract";
import { useReferenceShop } from "./fixtures.ts";

/** Stores (docs/api.md "Stores", ours: the reference has stores only inside checkout's store_list). */
describe("conformance: stores", () => {
  const shop = useReferenceShop();

  it("/api/store/page and /api/store/info answer the shop search of /street", async () => {
    const stores = await shop.client.reads<Page<StoreItem>>("/api/store/page", { page: 1, page_size: 10, keyword: "" });
    expect(stores.count).toBeGreaterThan(0);
    await shop.client.reads("/api/store/info", { store_id: stores.list[0]!.store_id });
  });

  it("/api/store/info refuses a missing store with a message a client shows", async () => {
    expect((await shop.client.refused("/api/store/info", { store_id: 999_999 }, -1)).message).toBe("门店不存在");
  });
});
