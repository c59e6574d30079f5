import { describe, expect, it } from "vitest";
import { categoryListPath, documentHref, isExternalUrl, parseJsonUrl, searchPath, toRouterPath } from "./links.ts";

describe("parseJsonUrl", () => {
  it("reads the url of a JSON link field", () => {
    expect(parseJsonUrl('{"url": "/goods/list"}')).toBe("/goods/list");
    expect(parseJsonUrl('{"url":" https://example.com "}')).toBe("https://example.com");
  });
  it("takes a bare URL as it is", () => {
    expect(parseJsonUrl("https://example.com/a")).toBe("https://example.com/a");
    expect(parseJsonUrl(" /cms/help-3 ")).toBe("/cms/help-3");
  });
  it("gives no link for empty, malformed or url-less values", () => {
    expect(parseJsonUrl("")).toBe("");
    expect(parseJsonUrl(null)).toBe("");
    expect(parseJsonUrl("{not json")).toBe("");
    expect(parseJsonUrl('{"title": "x"}')).toBe("");
    expect(parseJsonUrl('{"url": 3}')).toBe("");
  });
});

describe("isExternalUrl / toRouterPath", () => {
  it("tells other sites from storefront paths", () => {
    expect(isExternalUrl("https://a.cn")).toBe(true);
    expect(isExternalUrl("//a.cn/x")).toBe(true);
    expect(isExternalUrl("mailto:a@b.cn")).toBe(true);
    expect(isExternalUrl("/goods/list")).toBe(false);
    expect(isExternalUrl("goods/list")).toBe(false);
  });
  it("strips the /web basename and adds the leading slash", () => {
    expect(toRouterPath("/web/goods/list?x=1")).toBe("/goods/list?x=1");
    expect(toRouterPath("/web")).toBe("/");
    expect(toRouterPath("goods/list")).toBe("/goods/list");
    expect(toRouterPath("/webshop")).toBe("/webshop");
  });
  it("gives plain anchors the basename exactly once", () => {
    expect(documentHref("/goods/list?x=1")).toBe("/web/goods/list?x=1");
    expect(documentHref("/web/goods/list")).toBe("/web/goods/list");
    expect(documentHref("goods/list")).toBe("/web/goods/list");
    expect(documentHref("/")).toBe("/web/");
    expect(documentHref("/web")).toBe("/web/");
  });
});

describe("storefront paths", () => {
  it("builds category and search links", () => {
    expect(categoryListPath(12, 2)).toBe("/goods/list?category_id=12&level=2");
    expect(searchPath("蓝牙 耳机")).toBe("/goods/list?keyword=%E8%93%9D%E7%89%99%20%E8%80%B3%E6%9C%BA");
    expect(searchPath("旗舰店", "shop")).toBe("/street?keyword=%E6%97%97%E8%88%B0%E5%BA%97");
    expect(searchPath("")).toBe("/goods/list");
  });
});
