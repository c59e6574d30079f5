import { settleCall } from "../../lib/site-closed.ts";
import categoryCss from "../../styles/category.css?url";
import uiCss from "../../styles/ui.css?url";
import { BrowseCrumbs } from "../../components/category/BrowseCrumbs.tsx";
import { CategoryQuickNav } from "../../components/category/CategoryQuickNav.tsx";
import { CategorySection } from "../../components/category/CategorySection.tsx";
import { browseTree } from "../../components/category/category-tree.ts";
import { Empty } from "../../components/ui/Empty.tsx";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/category";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: uiCss },
  { rel: "stylesheet", href: categoryCss },
];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "全部商品分类");

/** /goods/category: the whole three-level tree (a failed load shows the empty state with the server's message). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { data, error } = await settleCall(context.api.call("/api/goodscategory/tree", { level: 3 }), request);
  return { categories: browseTree(data ?? []), error };
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { categories, error } = loaderData;
  return (
    <div className="category-page shop-container">
      <BrowseCrumbs items={[{ label: "全部商品分类" }]} />
      {categories.length === 0 ? (
        <div className="category-empty">
          <Empty description={error || "暂无商品分类"} />
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
