import type { MetaDescriptor } from "react-router";
import { siteNameOf, type RouteMatch } from "../../lib/page-meta.ts";
import type { GoodsListData } from "./list-data.ts";

/** The page asked for lies past the last page of a non-empty result (?page=999 of 40). */
export function pastEndOf(data: Pick<GoodsListData, "query" | "page">): boolean {
  return data.page.list.length === 0 && data.page.count > 0 && data.query.page > data.page.page_count;
}

/** What the list shows, for its title: "华为 手机", "华为", "手机"; "" for the plain list. */
function listName(data: GoodsListData): string {
  if (data.brandMissing && !data.category) return "品牌不存在";
  return [data.brand?.brand_name, data.category?.category_name].filter(Boolean).join(" ");
}

/**
 * Every list has a description of its own for search results (Lighthouse SEO), when its category
 * or brand brings none: "华为 手机：共 80 件商品，尽在优选商城。"
 */
function listDescription(data: GoodsListData, name: string, siteName: string): string {
  const subject = data.query.keyword ? `“${data.query.keyword}”的搜索结果` : name || "全部商品";
  return `${subject}：共 ${data.page.count} 件商品${siteName ? `，尽在${siteName}` : ""}。`;
}

/**
 * "关键词 - 商品搜索 - 站点名", "品牌 分类 - 商品列表 - 站点名" (either alone too) or
 * "全部商品 - 站点名".
 */
export function goodsListMeta(data: GoodsListData | undefined, matches: ReadonlyArray<RouteMatch | undefined>): MetaDescriptor[] {
  const siteName = siteNameOf(matches);
  const name = data ? listName(data) : "";
  const parts = data?.query.keyword ? [data.query.keyword, "商品搜索"] : name ? [name, "商品列表"] : ["全部商品"];
  if (siteName) parts.push(siteName);
  const tags: MetaDescriptor[] = [{ title: parts.join(" - ") }];
  const description = data?.category?.description || data?.brand?.brand_desc || (data ? listDescription(data, name, siteName) : "");
  if (description) tags.push({ name: "description", content: description });
  // Search results, a coupon's goods, a brand that does not exist and pages past the end are not pages of their own for search engines.
  if (data && (data.query.keyword || data.query.coupon || data.brandMissing || pastEndOf(data))) tags.push({ name: "robots", content: "noindex, follow" });
  return tags;
}
