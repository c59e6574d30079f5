import { describe, expect, it } from "vitest";
import type { GoodsSkuDetail } from "@shop/contract";
import { jsonLdHtml, productJsonLd, skuDescription, skuTitle } from "./sku-seo.ts";

const detail = {
  sku_id: 12, sku_no: "SP00000101", sku_name: "耳机 白色", goods_name: "耳机", introduction: "  降噪\n长续航 ",
  discount_price: "199", stock: 0, sku_images: "/upload/a.jpg,https://cdn.example.com/b.jpg", goods_image: "/upload/g.jpg",
  brand_name: "声学",
} as GoodsSkuDetail;

describe("SKU page SEO", () => {
  it("titles with the site name and describes from the introduction", () => {
    expect(skuTitle("耳机", "优选商城")).toBe("耳机 - 优选商城");
    expect(skuDescription(detail)).toBe("降噪 长续航");
    expect(skuDescription({ ...detail, introduction: "长".repeat(200) })).toHaveLength(160);
  });

  it("describes the SKU as a schema.org Product with its offer", () => {
    expect(productJsonLd(detail, detail, "https://shop.example.com")).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "耳机 白色",
      image: ["https://shop.example.com/upload/a.jpg", "https://cdn.example.com/b.jpg"],
      description: "降噪 长续航",
      sku: "SP00000101",
      brand: { "@type": "Brand", name: "声学" },
      offers: {
        "@type": "Offer", price: "199.00", priceCurrency: "CNY", availability: "https://schema.org/OutOfStock",
        url: "https://shop.example.com/web/sku/12",
      },
    });
  });

  it("escapes the JSON so it cannot end the script element", () => {
    const html = jsonLdHtml({ name: "</script><script>alert(1)</script>&\u2028" });
    expect(html).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(html)).toEqual({ name: "</script><script>alert(1)</script>&\u2028" });
  });
});
