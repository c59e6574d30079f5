import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CategoryNode, GoodsSkuDetailResult, Page, WapQrcode } from "@shop/contract";
import type { TestApp } from "../test/harness.ts";
import { ReferenceClient } from "./reference-client.ts";
import { SHOP_ORIGIN, signedInClient, startReferenceShop } from "./fixtures.ts";

/**
 * Categories, the SKU page and evaluations as a reference client reads them (docs/api.md
 * "Categories", "SKU detail, evaluations, follows, footprints"): evaluate_config on the detail
 * (compat item 2), child_list and category_id_1..3 on a category (item 3), the goods QR code as a
 * PNG path (item 4), pictures and their upper-case thumbnails loadable (item 1).
 */
describe("conformance: categories, SKU page, evaluations", () => {
  let t: TestApp;
  let client: ReferenceClient;
  /** a SKU of goods with several specs and evaluations */
  let skuId: number;
  let goodsId: number;
  beforeAll(async () => {
    t = await startReferenceShop();
    client = new ReferenceClient(t);
    const row = await t.app.deps.db
      .selectFrom("goods_sku")
      .innerJoin("goods", "goods.goods_id", "goods_sku.goods_id")
      .select(["goods_sku.sku_id", "goods.goods_id"])
      .where("goods.goods_state", "=", 1)
      .where("goods.evaluate", ">", 0)
      .where("goods_sku.sku_spec_format", "like", "%},{%")
      .orderBy("goods.evaluate", "desc")
      .orderBy("goods_sku.sku_id")
      .executeTakeFirstOrThrow();
    skuId = row.sku_id;
    goodsId = row.goods_id;
  });
  afterAll(() => t.close());

  it("/api/goodscategory/tree {level: 3, template: 2} answers three nested levels", async () => {
    const tree = await client.reads<CategoryNode[]>("/api/goodscategory/tree", { level: 3, template: 2 });
    expect(tree[0]!.child_list[0]!.child_list.length).toBeGreaterThan(0);
  });

  it("/api/goodscategory/info answers a leaf with its path ids (compat item 3)", async () => {
    const leaf = await t.app.deps.db.selectFrom("goods_category").select(["category_id", "category_id_path"]).where("level", "=", 3).where("is_show", "=", 1).orderBy("category_id").executeTakeFirstOrThrow();
    const info = await client.reads<Record<string, unknown>>("/api/goodscategory/info", { category_id: leaf.category_id });
    const [first, second, third] = leaf.category_id_path.split(",").filter(Boolean).map(Number);
    expect(info).toMatchObject({ category_id_1: first, category_id_2: second, category_id_3: third });
  });

  it("/api/goodscategory/info answers a top category with its children in child_list (compat item 3)", async () => {
    const tree = await client.data<CategoryNode[]>("/api/goodscategory/tree", { level: 3 });
    const top = tree[0]!;
    const info = await client.data<{ category_id_1: number; child_list: Array<{ category_id: number }> }>("/api/goodscategory/info", { category_id: top.category_id });
    expect(info.category_id_1).toBe(top.category_id);
    expect(info.child_list.map((child) => child.category_id)).toEqual(top.child_list.map((child) => child.category_id));
  });

  it("/api/goodscategory/lists answers the children of a category", async () => {
    await client.reads("/api/goodscategory/lists", { pid: 0 });
  });

  it("/api/goodssku/detail answers the SKU page's fields, with evaluate_config (compat item 2)", async () => {
    const { goods_sku_detail: detail, member_info: guest } = await client.reads<GoodsSkuDetailResult>("/api/goodssku/detail", { sku_id: skuId });
    expect(detail!.sku_id).toBe(skuId);
    expect(guest).toBeNull();
    const byGoods = await client.reads<GoodsSkuDetailResult>("/api/goodssku/detail", { goods_id: goodsId });
    expect(byGoods.goods_sku_detail!.goods_id).toBe(goodsId);
  });

  it("/api/goodssku/detail answers member_info for a signed-in member (token in the body)", async () => {
    const member = await signedInClient(t);
    const { member_info } = await member.reads<GoodsSkuDetailResult>("/api/goodssku/detail", { sku_id: skuId });
    expect(member_info).toMatchObject({ member_id: member.memberId });
  });

  it("/api/goodssku/detail answers goods_sku_detail null (code 0) for a missing SKU, as the reference does", async () => {
    expect(await client.data("/api/goodssku/detail", { sku_id: 999_999 })).toMatchObject({ goods_sku_detail: null });
  });

  it("/api/goodssku/info answers the flat SKU of every value the spec picker offers", async () => {
    const { goods_sku_detail: detail } = await client.data<GoodsSkuDetailResult>("/api/goodssku/detail", { sku_id: skuId });
    const targets = (JSON.parse(detail!.goods_spec_format) as Array<{ value: Array<{ sku_id: number }> }>).flatMap((spec) => spec.value.map((value) => value.sku_id));
    for (const target of targets.filter((id) => id > 0)) {
      const info = await client.reads<{ sku_id: number }>("/api/goodssku/info", { sku_id: target });
      expect(info.sku_id).toBe(target);
    }
  });

  it("/api/goodssku/goodsqrcode answers a PNG path of the SKU page's address (compat item 4)", async () => {
    const { path } = await client.reads<WapQrcode>("/api/goodssku/goodsqrcode", { sku_id: skuId });
    expect(path.h5.url).toBe(`${SHOP_ORIGIN}/web/sku/${skuId}`);
    expect(path.h5.img).toMatch(/\.png$/);
    expect(await client.picture(path.h5.img)).toMatchObject({ status: 200, type: expect.stringMatching(/^image\/png/) });
  });

  it("/api/goodssku/recommend, /api/goods/aftersale and /api/goods/modifyclicks answer the SKU page's side calls", async () => {
    await client.reads("/api/goodssku/recommend", { sku_id: skuId, page: 1, page_size: 5 });
    await client.reads("/api/goods/aftersale");
    await client.reads("/api/goods/modifyclicks", { sku_id: skuId });
  });

  it("/api/goodsevaluate/page and getgoodsevaluate answer the evaluations tab, by explain_type", async () => {
    const counts = await client.reads<{ total: number; haoping: number }>("/api/goodsevaluate/getgoodsevaluate", { goods_id: goodsId });
    const all = await client.reads<Page<unknown>>("/api/goodsevaluate/page", { goods_id: goodsId, page: 1, page_size: 10 });
    expect(all.count).toBe(counts.total);
    const good = await client.reads<Page<unknown>>("/api/goodsevaluate/page", { goods_id: goodsId, explain_type: 1, page: 1, page_size: 10 });
    expect(good.count).toBe(counts.haoping);
  });

  it("serves the SKU's pictures as a reference client asks for them, thumbnails in upper case included (compat item 1)", async () => {
    const { goods_sku_detail: detail } = await client.data<GoodsSkuDetailResult>("/api/goodssku/detail", { sku_id: skuId });
    const picture = detail!.sku_image;
    for (const size of [undefined, "BIG", "MID", "SMALL"] as const) {
      expect(await client.picture(picture, size), `${picture} ${size ?? ""}`).toMatchObject({ status: 200, type: expect.stringMatching(/^image\//) });
    }
  });
});
