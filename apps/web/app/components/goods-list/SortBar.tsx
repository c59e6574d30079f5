import { Link } from "../chrome/Link.tsx";
import { PriceRange } from "./PriceRange.tsx";
import { listPath, withChanges, type ListOrder, type ListQuery } from "./list-query.ts";

interface SortBarProps {
  query: ListQuery;
  count: number;
  pageCount: number;
}

const SORTS: Array<{ order: ListOrder; label: string }> = [
  { order: "", label: "综合" },
  { order: "sale_num", label: "销量" },
  { order: "discount_price", label: "价格" },
  { order: "create_time", label: "新品" },
];

/**
 * 综合 / 销量 / 价格 ↑↓ / 新品, price range, 包邮, result count and a small pager. A page past
 * the last has no place in the pager: the pager is left out and the empty state links back.
 */
export function SortBar({ query, count, pageCount }: SortBarProps) {
  const sortLink = (order: ListOrder) => {
    // Price starts cheapest first and flips on the next click; the others go highest first.
    const sort = order === "discount_price" ? (query.order === order && query.sort === "asc" ? "desc" : "asc") : "desc";
    return listPath(withChanges(query, { order, sort }));
  };
  return (
    <div className="goods-list-sortbar">
      <div className="goods-list-sortbar__sorts" role="group" aria-label="排序">
        {SORTS.map(({ order, label }) => {
          const active = query.order === order;
          const priceArrow = order === "discount_price" ? (active ? (query.sort === "asc" ? "↑" : "↓") : "↕") : "";
          return (
            <Link key={label} className={active ? "goods-list-sortbar__sort is-active" : "goods-list-sortbar__sort"} to={sortLink(order)} aria-current={active ? "true" : undefined}>
              {label}
              {priceArrow && <span className="goods-list-sortbar__arrow">{priceArrow}</span>}
              {!priceArrow && order && <span className="goods-list-sortbar__arrow">↓</span>}
            </Link>
          );
        })}
      </div>
      <PriceRange query={query} />
      <Link
        className={query.free_shipping ? "goods-list-sortbar__check is-checked" : "goods-list-sortbar__check"}
        to={listPath(withChanges(query, { free_shipping: !query.free_shipping }))}
        role="checkbox"
        aria-checked={query.free_shipping}
      >
        <span className="goods-list-sortbar__box" aria-hidden />
        包邮
      </Link>
      <div className="goods-list-sortbar__summary">
        共 <em>{count}</em> 件商品
        {pageCount > 1 && query.page <= pageCount && (
          <span className="goods-list-sortbar__pager">
            <b>{query.page}</b>/{pageCount}
            <PagerArrow query={query} page={query.page - 1} enabled={query.page > 1} label="上一页" text="‹" />
            <PagerArrow query={query} page={query.page + 1} enabled={query.page < pageCount} label="下一页" text="›" />
          </span>
        )}
      </div>
    </div>
  );
}

function PagerArrow({ query, page, enabled, label, text }: { query: ListQuery; page: number; enabled: boolean; label: string; text: string }) {
  if (!enabled) return <span className="goods-list-sortbar__step is-disabled" aria-hidden>{text}</span>;
  return (
    <Link className="goods-list-sortbar__step" to={listPath(withChanges(query, { page }))} aria-label={label}>
      {text}
    </Link>
  );
}
