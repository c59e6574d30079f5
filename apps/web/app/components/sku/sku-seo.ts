import type { GoodsSkuDetail, GoodsSkuInfo } from "@shop/contract";
import { imageUrl } from "../../lib/image.ts";
import { formatPrice } from "../../lib/format.ts";

/** Search engines show about this many characters of a description. */
const DESCRIPTION_LENGTH = 160;

/** The storefront path of a SKU page (router path; the basename /web is added for absolute URLs). */
export const skuPath = (skuId: number) => `/sku/${skuId}`;
export const skuUrl = (origin: string, skuId: number) => `${origin}/web/sku/${skuId}`;

export const skuTitle = (goodsName: string, siteName: string) => (siteName ? `${goodsName} - ${siteName}` : goodsName);

export function skuDescription(detail: Pick<GoodsSkuDetail, "introduction" | "goods_name">): string {
  const text = (detail.introduction || detail.goods_name).replace(/\s+/g, " ").trim();
  return text.length > DESCRIPTION_LENGTH ? `${text.slice(0, DESCRIPTION_LENGTH - 1)}…` : text;
}

/** An image path as an absolute URL (search engines and share cards need one). */
export const absoluteUrl = (origin: string, path: string) => {
  const url = imageUrl(path);
  return url.startsWith("/") && !url.startsWith("//") ? origin + url : url;
};

/** schema.org Product of the current SKU: name, pictures, description, sku, brand and its offer. */
export function productJsonLd(detail: GoodsSkuDetail, sku: GoodsSkuInfo, origin: string) {
  const images = (sku.sku_images || detail.goods_image).split(",").map((image) => image.trim()).filter(Boolean);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: sku.sku_name || detail.goods_name,
    image: images.map((image) => absoluteUrl(origin, image)),
    description: skuDescription(detail),
    sku: sku.sku_no || String(sku.sku_id),
    ...(detail.brand_name ? { brand: { "@type": "Brand", name: detail.brand_name } } : {}),
    offers: {
      "@type": "Offer",
      price: formatPrice(sku.discount_price),
      priceCurrency: "CNY",
      availability: sku.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      url: skuUrl(origin, sku.sku_id),
    },
  };
}

/**
 * JSON for a <script type="application/ld+json">: "<" (so "</script>" cannot close the element),
 * ">", "&" and the JavaScript line separators are written as \u escapes, which JSON readers decode.
 */
export function jsonLdHtml(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
