import { useGlobalData } from "../../../lib/global-data.ts";
import { CategoryPanelItem } from "./CategoryPanelItem.tsx";
import { useCategoryTree } from "./useCategoryTree.ts";
import { ListIcon } from "../../ui/icons.tsx";

/**
 * SPEC §2 category navigation: 全部商品分类 with the first-level panel. `expanded` keeps the
 * panel open (home page while the top ad shows, see category-nav-expansion.tsx); otherwise it
 * opens on hover. Hover is pure CSS, so the panel works before hydration and without JavaScript;
 * the flyouts (config 2 and 3) appear once the browser has the full tree (useCategoryTree).
 */
export function CategoryNav({ expanded }: { expanded: boolean }) {
  const { categoryNav, categoryConfig } = useGlobalData();
  const hasFlyouts = categoryConfig.category === 2 || categoryConfig.category === 3;
  const { tree, prefetch } = useCategoryTree(hasFlyouts && categoryNav.length > 0);
  return (
    <div className={expanded ? "catnav catnav-expanded" : "catnav"} onPointerEnter={prefetch}>
      <div className="catnav-title">
        <ListIcon />
        <span>全部商品分类</span>
      </div>
      {categoryNav.length > 0 && (
        <div className="catnav-panel">
          <ul className="catnav-list">
            {categoryNav.map((category) => (
              <CategoryPanelItem
                key={category.category_id}
                category={category}
                flyoutSource={tree?.get(category.category_id) ?? null}
                config={categoryConfig}
              />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
