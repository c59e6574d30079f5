import categoryCss from "../../styles/category.css?url";
import uiCss from "../../styles/ui.css?url";
import { BrowseCrumbs } from "../../components/category/BrowseCrumbs.tsx";
import { CategoryQuickNav } from "../../components/category/CategoryQuickNav.tsx";
import { CategorySections } from "../../components/category/CategorySections.tsx";
import { loadCategoryPage } from "../../components/category/category-page-data.ts";
import { Empty } from "../../components/ui/Empty.tsx";
import { browserApi } from "../../lib/api.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { renderOnly, rendered } from "../../lib/render-only.ts";
import type { Route } from "./+types/category";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: uiCss },
  { rel: "stylesheet", href: categoryCss },
];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "全部商品分类");

/** /goods/category: the whole three-level tree (a failed load shows the empty state with the server's message). */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadCategoryPage(context.api, request, renderOnly);
}

/** Not run when the page is hydrated (the sections are the server's markup then), only on client-side visits. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadCategoryPage(browserApi, request, rendered);
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { tiles, sections, error } = loaderData;
  return (
    <div className="category-page shop-container">
      <BrowseCrumbs items={[{ label: "全部商品分类" }]} />
      {tiles.length === 0 ? (
        <div className="category-empty">
          <Empty description={error || "暂无商品分类"} />
        </div>
      ) : (
        <>
          <CategoryQuickNav categories={tiles} />
          <CategorySections sections={sections.value} />
        </>
      )}
    </div>
  );
}
