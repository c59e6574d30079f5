import { describe, expect, it } from "vitest";
import { ApiError, type ApiClient, type CategoryNode } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { renderOnly, rendered } from "../../lib/render-only.ts";
import { loadCategoryPage } from "./category-page-data.ts";

const node = (category_id: number, level: number, child_list: CategoryNode[] = []): CategoryNode => ({
  category_id, category_name: `分类${category_id}`, short_name: `短${category_id}`, pid: 0, level,
  image: `/c/${category_id}.png`, image_adv: "", link_url: "", icon: "", child_list,
});

const TREE = [node(1, 1, [node(13, 2, [node(61, 3)])])];

/** A fake client whose tree call answers `tree` or fails with `code`. */
const treeApi = (outcome: CategoryNode[] | number) =>
  ({
    async call(path: string) {
      if (path !== "/api/goodscategory/tree") throw new Error(`unexpected ${path}`);
      if (typeof outcome === "number") throw new ApiError({ code: outcome, message: "分类加载失败", data: null });
      return outcome;
    },
  }) as unknown as ApiClient;

const request = new Request("http://shop.test/web/goods/category");

describe("loadCategoryPage", () => {
  it("for the server's render: the sections are readable there but left out of the serialized data", async () => {
    const data = await loadCategoryPage(treeApi(TREE), request, renderOnly);
    expect(data.sections.value?.[0]?.child_list[0]?.child_list[0]?.category_name).toBe("分类61");
    expect(data.tiles).toEqual([{ category_id: 1, category_name: "分类1", short_name: "短1", image: "/c/1.png" }]);
    const serialized = JSON.stringify(data);
    expect(serialized).toContain("短1");
    expect(serialized).not.toContain("分类13");
    expect(serialized).not.toContain("分类61");
  });

  it("for a client-side visit: the sections are plain data", async () => {
    const data = await loadCategoryPage(treeApi(TREE), request, rendered);
    expect(JSON.stringify(data)).toContain("分类61");
  });

  it("a failed load leaves the page empty with the server's message; a closed shop redirects to /close", async () => {
    const failed = await loadCategoryPage(treeApi(-1), request, renderOnly);
    expect(failed).toMatchObject({ tiles: [], error: "分类加载失败" });
    expect(failed.sections.value).toEqual([]);
    const closed = await loadCategoryPage(treeApi(Code.SITE_CLOSED), request, renderOnly).catch((thrown: unknown) => thrown);
    expect(closed).toBeInstanceOf(Response);
    expect((closed as Response).headers.get("Location")).toBe("/close");
  });
});
