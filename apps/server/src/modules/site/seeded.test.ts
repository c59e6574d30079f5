import { afterAll, beforeAll, describe, expect, it, type TestContext } from "vitest";
import type { AdvDetail, CategoryNode, Floor, HelpClass } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";

/** The ad positions the storefront asks for (reference: adv keywords). */
const PC_AD_KEYWORDS = [
  "NS_PC_INDEX_TOP", "NS_PC_INDEX", "NS_PC_INDEX_MID_LEFT", "NS_PC_INDEX_MID_RIGHT", "NS_PC_INDEX_CATEGORY_BELOW",
  "NS_PC_BRAND", "NS_PC_COUPON", "NS_PC_GROUPBUY", "NS_PC_SECKILL", "NS_PC_LOGIN",
];

/** Smoke test over the demo catalog: what the home page and the chrome show comes back filled. */
describe("seeded storefront content", () => {
  let t: TestApp;
  let seeded = false;
  beforeAll(async () => {
    t = await startTestApp({ seed: 200 });
    const positions = await t.app.deps.db.selectFrom("adv_position").select("ap_id").execute();
    seeded = positions.length > 0;
  });
  afterAll(() => t.close());

  /** startTestApp seeded the catalog: an empty one is a broken seed, a failure rather than a skip. */
  const requireSeed = (_context: TestContext) => {
    expect(seeded, "the seed wrote no ad positions").toBe(true);
  };

  it("answers every NS_PC_* ad position with shown ads", async (context) => {
    requireSeed(context);
    for (const keyword of PC_AD_KEYWORDS) {
      const response = await t.call<AdvDetail>("/api/adv/detail", { keyword });
      expect(response.code, `${keyword}: ${response.message}`).toBe(0);
      expect(response.data.adv_position.keyword).toBe(keyword);
      expect(response.data.adv_list.length, keyword).toBeGreaterThan(0);
      for (const ad of response.data.adv_list) expect(JSON.parse(ad.adv_url)).toHaveProperty("url");
    }
  });

  it("fills every floor's goods and category blocks", async (context) => {
    requireSeed(context);
    const { data: floors } = await t.call<Floor[]>("/api/pc/floors");
    expect(floors.length).toBeGreaterThan(0);
    for (const floor of floors) {
      expect(floor.block_name).toMatch(/^floor-style-[1-4]$/);
      for (const [name, block] of Object.entries(floor.value)) {
        if (block.type === "goods") {
          expect(block.value.list.length, `${floor.title} ${name}`).toBeGreaterThan(0);
          for (const goods of block.value.list) {
            expect(goods.sku_id).toBeGreaterThan(0);
            expect(goods.price).toMatch(/^\d+\.\d{2}$/);
            expect(goods.goods_image).not.toContain(",");
          }
        }
        if (block.type === "category") expect(block.value.list.length, `${floor.title} ${name}`).toBeGreaterThan(0);
      }
    }
  });

  it("answers a three-level category tree and the help columns", async (context) => {
    requireSeed(context);
    const { data: roots } = await t.call<CategoryNode[]>("/api/goodscategory/tree", { level: 3 });
    expect(roots.length).toBeGreaterThan(0);
    expect(roots.some((root) => root.child_list.some((child) => child.child_list.length > 0))).toBe(true);
    const { data: helpClasses } = await t.call<HelpClass[]>("/api/helpclass/lists");
    expect(helpClasses.length).toBeGreaterThan(0);
    expect(helpClasses[0]!.child_list.length).toBeGreaterThan(0);
  });
});
