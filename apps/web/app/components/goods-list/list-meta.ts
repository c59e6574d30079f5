import type { MetaDescriptor } from "react-router";
import type { GlobalData } from "../../lib/global-data.ts";
import type { GoodsListData } from "./list-data.ts";

interface RouteMatch {
  id: string;
  data?: unknown;
}

/** "关键词 - 商品搜索 - 站点名", "分类 - 商品列表 - 站点名" or "全部商品 - 站点名". */
export function goodsListMeta(data: GoodsListData | undefined, matches: ReadonlyArray<RouteMatch | undefined>): MetaDescriptor[] {
  const site = (matches.find((match) => match?.id === "root")?.data as GlobalData | undefined)?.site;
  const parts = data?.query.keyword
    ? [data.query.keyword, "商品搜索"]
    : data?.category
      ? [data.category.category_name, "商品列表"]
      : ["全部商品"];
  if (site?.site_name) parts.push(site.site_name);
  const tags: MetaDescriptor[] = [{ title: parts.join(" - ") }];
  const description = data?.category?.description;
  if (description) tags.push({ name: "description", content: description });
  // Search results and filtered variants are not pages of their own for search engines.
  if (data?.query.keyword) tags.push({ name: "robots", content: "noindex, follow" });
  return tags;
}
