import { describe, expect, it } from "vitest";
import type { BrandItem, Page } from "@shop/contract";
import { useReferenceShop } from "./fixtures.ts";

/** Brands (docs/api.md "Brands"): the reference's brand wall, and our A–Z bar and brand lookup. */
describe("conformance: brands", () => {
  const shop = useReferenceShop();

  it("/api/goodsbrand/page answers the brand wall", async () => {
    const wall = await shop.client.reads<Page<BrandItem>>("/api/goodsbrand/page", { page: 1, page_size: 20 });
    expect(wall.count).toBeGreaterThan(0);
  });

  it("/api/goodsbrand/initials and /api/goodsbrand/info (ours) answer the A–Z bar and one brand", async () => {
    const initials = await shop.client.reads<Array<{ brand_initial: string }>>("/api/goodsbrand/initials");
    const letter = await shop.client.reads<Page<BrandItem>>("/api/goodsbrand/page", { brand_initial: initials[0]!.brand_initial, page: 1, page_size: 20 });
    await shop.client.reads("/api/goodsbrand/info", { brand_id: letter.list[0]!.brand_id });
  });
});
