import { Fragment } from "react";
import { Link } from "../chrome/Link.tsx";
import type { BrandItem, CategoryInfo } from "@shop/contract";
import { categoryTrail } from "../../lib/category-trail.ts";
import { DEFAULT_QUERY, listPath, withChanges, type ListQuery } from "./list-query.ts";

interface ListBreadcrumbProps {
  query: ListQuery;
  category: CategoryInfo | null;
  /** the filtered brand (its own lookup, so it is named even when the result holds none of its goods) */
  brand: BrandItem | null;
  /** the name of the ?coupon= type, "" when unknown */
  couponName: string;
}

/**
 * 全部结果 › category path › “keyword”, then the filters in use as removable tags
 * (coupon, brand, price, 包邮); every part is a link, so it works before hydration. A brand id that
 * names no brand reads 未知品牌, never the bare number; a coupon whose name is unknown reads
 * 优惠券适用商品.
 */
export function ListBreadcrumb({ query, category, brand, couponName }: ListBreadcrumbProps) {
  const trail = category ? categoryTrail(category) : [];
  const price = query.min_price || query.max_price ? `¥${query.min_price || "0"}-${query.max_price ? `¥${query.max_price}` : "不限"}` : "";
  const tags = [
    query.coupon ? { label: couponName ? `可用券：${couponName}` : "优惠券适用商品", remove: { coupon: 0 } } : null,
    query.brand_id ? { label: brand ? `品牌：${brand.brand_name}` : "未知品牌", remove: { brand_id: 0 } } : null,
    price ? { label: `价格：${price}`, remove: { min_price: "", max_price: "" } } : null,
    query.free_shipping ? { label: "包邮", remove: { free_shipping: false } } : null,
  ].filter((tag) => tag !== null);

  return (
    <nav className="goods-list-crumbs" aria-label="当前位置">
      <Link className="goods-list-crumbs__root" to={listPath(withChanges(DEFAULT_QUERY, { keyword: query.keyword }))}>
        全部结果
      </Link>
      {trail.map((step) => (
        <Fragment key={step.category_id}>
          <span className="goods-list-crumbs__sep" aria-hidden>›</span>
          <Link to={listPath(withChanges(query, { category_id: step.category_id, level: step.level, brand_id: 0 }))}>{step.category_name}</Link>
        </Fragment>
      ))}
      {query.keyword && (
        <>
          <span className="goods-list-crumbs__sep" aria-hidden>›</span>
          <strong className="goods-list-crumbs__keyword">“{query.keyword}”</strong>
        </>
      )}
      {tags.map((tag) => (
        <Link key={tag.label} className="goods-list-crumbs__tag" to={listPath(withChanges(query, tag.remove))} title="取消此条件">
          {tag.label}
          <span className="goods-list-crumbs__tag-x" aria-label="取消">×</span>
        </Link>
      ))}
    </nav>
  );
}
