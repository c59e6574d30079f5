import { Link } from "react-router";
import type { CategoryNode, GoodsSkuDetail } from "@shop/contract";
import { useGlobalData } from "../../lib/global-data.ts";
import { categoryListPath } from "../../lib/links.ts";

/** The goods' shown categories, top level first, found in the chrome's category tree. */
export function categoryTrail(tree: CategoryNode[], ids: number[]): CategoryNode[] {
  const trail: CategoryNode[] = [];
  let level = tree;
  for (const id of ids) {
    const node = level.find((category) => category.category_id === id);
    if (!node) break;
    trail.push(node);
    level = node.child_list;
  }
  return trail;
}

/** 首页 > 一级 > 二级 > 三级 > 商品名 */
export function SkuBreadcrumb({ detail }: { detail: GoodsSkuDetail }) {
  const { categories } = useGlobalData();
  const trail = categoryTrail(categories, [detail.category_id_1, detail.category_id_2, detail.category_id_3]);
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
