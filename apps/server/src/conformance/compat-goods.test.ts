import { describe, expect, it } from "vitest";
import type { CategoryNode } from "@shop/contract";
import { saveSetting } from "../modules/site/service.ts";
import { useReferenceShop } from "./fixtures.ts";

/**
 * Issue 8, compatibility items 2 and 3: what the reference's SKU page and goods list page read
 * unguarded, so that they throw (and leave the page) when it is missing.
 */

interface DetailAnswer {
  goods_sku_detail: { sku_id: number; evaluate_config: { evaluate_status: unknown; evaluate_show: unknown; evaluate_audit: unknown } } | null;
}

interface CategoryInfoAnswer {
  category_id: number;
  level: number;
  category_full_name: string;
  category_id_1: number;
  category_id_2: number;
  category_id_3: number;
  child_list: CategoryNode[];
}

/** A sub-tree as ids, to compare nested lists whatever other fields they carry. */
type IdTree = Array<{ id: number; children: IdTree }>;
const ids = (nodes: CategoryNode[]): IdTree => nodes.map((node) => ({ id: node.category_id, children: ids(node.child_list) }));

describe("compat 2 and 3: the SKU page's evaluate_config, the list page's category info", () => {
  const shop = useReferenceShop();

  it("answers goods_sku_detail.evaluate_config {evaluate_status, evaluate_show, evaluate_audit} from the shop's settings", async () => {
    const sku = await shop.t.app.deps.db.selectFrom("goods_sku").select("sku_id").orderBy("sku_id").executeTakeFirstOrThrow();
    const read = async () => (await shop.client.data<DetailAnswer>("/api/goodssku/detail", { sku_id: sku.sku_id })).goods_sku_detail!.evaluate_config;
    // The seed's settings are the reference's defaults.
    expect(await read()).toEqual({ evaluate_status: 1, evaluate_show: 1, evaluate_audit: 1 });
    await saveSetting(shop.t.app.deps.db, "evaluate_config", { evaluate_status: 1, evaluate_show: 0, evaluate_audit: 0 });
    expect(await read()).toEqual({ evaluate_status: 1, evaluate_show: 0, evaluate_audit: 0 });
  });

  it("answers goodscategory/info with category_id_1/2/3 by level and child_list, the sub-category row", async () => {
    const tree = await shop.client.data<CategoryNode[]>("/api/goodscategory/tree", { level: 3 });
    const top = tree.find((node) => node.child_list.some((child) => child.child_list.length > 0))!;
    const middle = top.child_list.find((child) => child.child_list.length > 0)!;
    const leaf = middle.child_list[0]!;
    const info = (categoryId: number) => shop.client.data<CategoryInfoAnswer>("/api/goodscategory/info", { category_id: categoryId });

    const topInfo = await info(top.category_id);
    expect([topInfo.category_id_1, topInfo.category_id_2, topInfo.category_id_3]).toEqual([top.category_id, 0, 0]);
    expect(ids(topInfo.child_list)).toEqual(ids(top.child_list));

    const middleInfo = await info(middle.category_id);
    expect([middleInfo.category_id_1, middleInfo.category_id_2, middleInfo.category_id_3]).toEqual([top.category_id, middle.category_id, 0]);
    expect(ids(middleInfo.child_list)).toEqual(ids(middle.child_list));
    expect(middleInfo.child_list[0]).toMatchObject({ category_id: leaf.category_id, category_name: leaf.category_name, level: 3, pid: middle.category_id });

    const leafInfo = await info(leaf.category_id);
    expect([leafInfo.category_id_1, leafInfo.category_id_2, leafInfo.category_id_3]).toEqual([top.category_id, middle.category_id, leaf.category_id]);
    expect(leafInfo.child_list).toEqual([]);
    expect(leafInfo.category_full_name).toBe(`${top.category_name}/${middle.category_name}/${leaf.category_name}`);
  });
});
