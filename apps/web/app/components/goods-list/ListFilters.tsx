import { useState } from "react";
import { Link } from "../chrome/Link.tsx";
import type { BrandFacet } from "@shop/contract";
import { imageUrl } from "../../lib/image.ts";
import { listPath, withChanges, type ListQuery } from "./list-query.ts";
import type { CategoryChoice } from "./list-data.ts";

interface ListFiltersProps {
  query: ListQuery;
  categories: CategoryChoice[];
  brands: BrandFacet[];
}

/** Brand tiles shown before 更多 (two rows of eight). */
const BRANDS_FOLDED = 16;

/**
 * The selector box: category row (children, or siblings of a leaf; for a search the categories of
 * its results, with counts) and brand row (brands of the result).
 */
export function ListFilters({ query, categories, brands }: ListFiltersProps) {
  // Unfolded from the start when the chosen brand would be hidden.
  const [allBrands, setAllBrands] = useState(() => brands.findIndex((brand) => brand.brand_id === query.brand_id) >= BRANDS_FOLDED);
  if (categories.length === 0 && brands.length === 0) return null;
  const foldable = brands.length > BRANDS_FOLDED;
  return (
    <div className="goods-list-filters">
      {categories.length > 0 && (
        <div className="goods-list-filters__row">
          <div className="goods-list-filters__label">分类：</div>
          <ul className="goods-list-filters__values">
            {categories.map((category) => (
              <li key={category.category_id}>
                <Link
                  className={category.category_id === query.category_id ? "goods-list-filters__value is-active" : "goods-list-filters__value"}
                  to={listPath(withChanges(query, { category_id: category.category_id, level: category.level, brand_id: 0 }))}
                  title={category.goods_count === undefined ? undefined : `${category.category_name}（${category.goods_count} 件）`}
                >
                  {category.category_name}
                  {category.goods_count !== undefined && <span className="goods-list-filters__count">（{category.goods_count}）</span>}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      {brands.length > 0 && (
        <div className="goods-list-filters__row">
          <div className="goods-list-filters__label">品牌：</div>
          <ul className={foldable && !allBrands ? "goods-list-filters__brands is-folded" : "goods-list-filters__brands"}>
            {brands.map((brand) => {
              const active = brand.brand_id === query.brand_id;
              return (
                <li key={brand.brand_id}>
                  <Link
                    className={active ? "goods-list-filters__brand is-active" : "goods-list-filters__brand"}
                    to={listPath(withChanges(query, { brand_id: active ? 0 : brand.brand_id }))}
                    title={`${brand.brand_name}（${brand.goods_count} 件）`}
                  >
                    {/* The name follows as text: the logo adds nothing for a screen reader. */}
                    {brand.image_url ? <img src={imageUrl(brand.image_url)} alt="" width={76} height={38} loading="lazy" /> : null}
                    <span className="goods-list-filters__brand-name">{brand.brand_name}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
          {foldable && (
            <button type="button" className="goods-list-filters__more" onClick={() => setAllBrands(!allBrands)} aria-expanded={allBrands}>
              {allBrands ? "收起 ∧" : "更多 ∨"}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
