import { escapeHtml } from "./html.ts";

export interface ContentSource {
  goodsName: string;
  introduction: string;
  pictures: string[];
  attrs: Array<{ attr_name: string; attr_value_name: string }>;
}

/**
 * The goods description (goods_content): plain, safe HTML of paragraphs and pictures only. Its
 * pictures are root-relative ("/upload/…"): HTML is shown under pages like /web/sku/1, where the
 * API's relative picture paths would not resolve.
 */
export function goodsContent({ goodsName, introduction, pictures, attrs }: ContentSource): string {
  const picture = (url: string) => `<p><img src="${escapeHtml(url.startsWith("upload/") ? `/${url}` : url)}" alt="${escapeHtml(goodsName)}" /></p>`;
  return [
    `<p><strong>${escapeHtml(goodsName)}</strong></p>`,
    `<p>${escapeHtml(introduction)}。</p>`,
    ...pictures.slice(0, 1).map(picture),
    `<p>${attrs.map((attr) => `${escapeHtml(attr.attr_name)}：${escapeHtml(attr.attr_value_name)}`).join("；")}</p>`,
    ...pictures.slice(1, 3).map(picture),
    "<p>温馨提示：商品图片仅供参考，颜色、包装请以实物为准；如有疑问请联系在线客服。</p>",
  ].join("");
}
