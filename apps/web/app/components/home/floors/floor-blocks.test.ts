import { describe, expect, it } from "vitest";
import type { Floor } from "@shop/contract";
import { categoryBlock, goodsBlock, imageBlock, textBlock } from "./floor-blocks.ts";
import { floorComponent } from "./floor-registry.ts";

const floor = (value: unknown): Floor => ({ id: 1, title: "楼层", block_name: "floor-style-1", block_title: "", sort: 0, value: value as Floor["value"] });

describe("floor blocks", () => {
  const sample = floor({
    title: { type: "text", value: { text: "手机", link: "", color: "#f00" } },
    leftImg: { type: "img", value: { url: "/a.jpg", link: "" } },
    goodsList: { type: "goods", value: { goods_ids: [1], list: [{ goods_id: 1, sku_id: 2 }] } },
    categoryList: { type: "category", value: { category_ids: [3], list: [{ category_id: 3 }] } },
    emptyImg: { type: "img", value: { url: "", link: "" } },
  });

  it("reads each block by key and type", () => {
    expect(textBlock(sample, "title")?.text).toBe("手机");
    expect(imageBlock(sample, "leftImg")?.url).toBe("/a.jpg");
    expect(goodsBlock(sample, "goodsList")).toHaveLength(1);
    expect(categoryBlock(sample, "categoryList")).toHaveLength(1);
  });

  it("returns nothing for missing, empty or mistyped blocks", () => {
    expect(imageBlock(sample, "emptyImg")).toBeNull();
    expect(textBlock(sample, "leftImg")).toBeNull();
    expect(goodsBlock(sample, "categoryList")).toEqual([]);
    expect(categoryBlock(sample, "nothing")).toEqual([]);
    expect(textBlock(sample, "constructor")).toBeNull();
  });

  it("accepts the blocks as JSON text and survives junk", () => {
    expect(textBlock(floor(JSON.stringify({ title: { type: "text", value: { text: "A", link: "", color: "" } } })), "title")?.text).toBe("A");
    expect(textBlock(floor("{oops"), "title")).toBeNull();
    expect(goodsBlock(floor(null), "goodsList")).toEqual([]);
  });
});

describe("floor registry", () => {
  it("knows the four floor styles and nothing else", () => {
    for (const style of [1, 2, 3, 4]) expect(floorComponent(`floor-style-${style}`)).toBeTypeOf("function");
    expect(floorComponent("floor-style-5")).toBeUndefined();
    expect(floorComponent("constructor")).toBeUndefined();
  });
});
