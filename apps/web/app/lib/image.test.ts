import { describe, expect, it } from "vitest";
import { imageSize, imageUrl } from "./image.ts";

describe("imageUrl", () => {
  it("makes the API's relative paths root-relative (the pages live under /web/)", () => {
    expect(imageUrl("upload/seed/goods/1-0.jpg")).toBe("/upload/seed/goods/1-0.jpg");
    expect(imageUrl(imageSize("upload/seed/goods/1-0.jpg", "mid"))).toBe("/upload/seed/goods/1-0_mid.jpg");
    expect(imageUrl(" upload/a.png ")).toBe("/upload/a.png");
  });
  it("keeps root-relative paths, URLs and data: URIs", () => {
    expect(imageUrl("/upload/a.jpg")).toBe("/upload/a.jpg");
    expect(imageUrl("https://cdn.example.com/a.jpg")).toBe("https://cdn.example.com/a.jpg");
    expect(imageUrl("//cdn.example.com/a.jpg")).toBe("//cdn.example.com/a.jpg");
    expect(imageUrl("data:image/png;base64,AAA")).toBe("data:image/png;base64,AAA");
  });
  it("answers \"\" for no picture", () => {
    expect(imageUrl("")).toBe("");
    expect(imageUrl(null)).toBe("");
    expect(imageUrl(undefined)).toBe("");
  });
});

describe("imageSize", () => {
  it("adds the size before the extension", () => {
    expect(imageSize("a.jpg", "mid")).toBe("a_mid.jpg");
    expect(imageSize("/upload/goods/2024/a.b.png", "mid")).toBe("/upload/goods/2024/a.b_mid.png");
    expect(imageSize("https://cdn.example.com/x/a.jpeg", "small")).toBe("https://cdn.example.com/x/a_small.jpeg");
  });
  it("keeps query strings and fragments", () => {
    expect(imageSize("/img/a.jpg?v=2", "mid")).toBe("/img/a_mid.jpg?v=2");
    expect(imageSize("/img/a.jpg#top", "mid")).toBe("/img/a_mid.jpg#top");
    expect(imageSize("/img/a.jpg?x=1.png", "mid")).toBe("/img/a_mid.jpg?x=1.png");
  });
  it("handles names without extension and dotted folders", () => {
    expect(imageSize("/img/a", "mid")).toBe("/img/a_mid");
    expect(imageSize("/v1.2/img/a", "mid")).toBe("/v1.2/img/a_mid");
    expect(imageSize("/img/.hidden", "mid")).toBe("/img/.hidden_mid");
  });
  it("leaves empty, data URIs, folders and already sized names alone", () => {
    expect(imageSize("", "mid")).toBe("");
    expect(imageSize("data:image/png;base64,AAA", "mid")).toBe("data:image/png;base64,AAA");
    expect(imageSize("/img/", "mid")).toBe("/img/");
    expect(imageSize("/img/a_mid.jpg", "mid")).toBe("/img/a_mid.jpg");
    expect(imageSize("/img/a_big.jpg", "mid")).toBe("/img/a_big.jpg");
    expect(imageSize("upload/a_MID.jpg", "small")).toBe("upload/a_MID.jpg");
  });
});
