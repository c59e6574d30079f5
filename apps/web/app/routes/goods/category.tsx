import { Empty } from "antd";
import categoryCss from "../../styles/category.css?url";
import { useGlobalData } from "../../lib/global-data.ts";
import { BrowseCrumbs } from "../../components/category/BrowseCrumbs.tsx";
import { CategoryQuickNav } from "../../components/category/CategoryQuickNav.tsx";
import { CategorySection } from "../../components/category/CategorySection.tsx";
import { browseMeta } from "../../components/category/browse-meta.ts";
import type { Route } from "./+types/category";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: categoryCss }];

export const meta: Route.MetaFunction = ({ matches }) => browseMeta(matches, "全部商品分类");

/**
 * /goods/category: the whole three-level tree. The root loader already holds it (the header's
 * category navigation shows the same tree), so this page makes no call of its own.
 */
export default function CategoryPage() {
  const { categories } = useGlobalData();
  return (
    <div className="category-page shop-container">
      <BrowseCrumbs items={[{ label: "全部商品分类" }]} />
      {categories.length === 0 ? (
        <div className="category-empty">
          <Empty description="暂无商品分类" />
        </div>
      ) : (
        <>
          <CategoryQuickNav categories={categories} />
          {categories.map((category) => (
            <CategorySection key={category.category_id} category={category} />
          ))}
        </>
      )}
    </div>
  );
}
