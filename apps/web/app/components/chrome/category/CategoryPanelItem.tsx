import type { CategoryConfig, CategoryNode } from "@shop/contract";
import { CATEGORY_SHORTCUT_COUNT, type NavCategory } from "../../../lib/global-data.ts";
import { CategoryLink } from "./CategoryLink.tsx";
import { CategoryFlyout } from "./CategoryFlyout.tsx";

interface CategoryPanelItemProps {
  /** the first-level category with its first children (the row's shortcuts) */
  category: NavCategory;
  /** the same category from the full tree, once the browser has loaded it: the flyout's content */
  flyoutSource: CategoryNode | null;
  config: CategoryConfig;
}

/** One first-level row of the category panel, with its flyout (config 2 and 3). */
export function CategoryPanelItem({ category, flyoutSource, config }: CategoryPanelItemProps) {
  const children = category.child_list ?? [];
  const showImages = config.img === 1;
  const mode = config.category;
  const flyoutMode = mode === 2 || mode === 3 ? mode : null;
  const hasFlyout = flyoutMode !== null && flyoutSource !== null && flyoutSource.child_list.length > 0;
  return (
    <li className={hasFlyout ? "catnav-item catnav-item-flyout" : "catnav-item"}>
      <div className="catnav-item-main">
        <CategoryLink category={category} withImage={showImages} className="catnav-item-name" />
        {mode === 3 && children.length > 0 && (
          <span className="catnav-item-shortcuts">
            {children.slice(0, CATEGORY_SHORTCUT_COUNT).map((child) => (
              <CategoryLink key={child.category_id} category={child} className="catnav-item-shortcut">
                {child.short_name || child.category_name}
              </CategoryLink>
            ))}
          </span>
        )}
      </div>
      {hasFlyout && <CategoryFlyout category={flyoutSource} mode={flyoutMode} showImages={showImages} />}
    </li>
  );
}
