import { Link } from "../chrome/Link.tsx";
import type { GoodsSkuDetail } from "@shop/contract";
import type { CategoryStep } from "../../lib/category-trail.ts";
import { categoryListPath } from "../../lib/links.ts";

/** 首页 > 一级 > 二级 > 三级 > 商品名 */
export function SkuBreadcrumb({ detail, trail }: { detail: GoodsSkuDetail; trail: CategoryStep[] }) {
  return (
    <nav className="sku-crumbs" aria-label="当前位置">
      <Link to="/">首页</Link>
      {trail.map((category) => (
        <span key={category.category_id}>
          <i aria-hidden>&gt;</i>
          <Link to={categoryListPath(category.category_id, category.level)}>{category.category_name}</Link>
        </span>
      ))}
      {detail.brand_name && (
        <span>
          <i aria-hidden>&gt;</i>
          {detail.brand_name}
        </span>
      )}
      <span className="sku-crumbs__current">
        <i aria-hidden>&gt;</i>
        {detail.goods_name}
      </span>
    </nav>
  );
}
