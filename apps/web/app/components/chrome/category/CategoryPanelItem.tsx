import type { CategoryConfig, CategoryNode } from "@shop/contract";
import { CategoryLink } from "./CategoryLink.tsx";
import { CategoryFlyout } from "./CategoryFlyout.tsx";

/** SPEC §2: with config 3, a first-level row shows up to 3 second-level short links. */
const SHORTCUT_COUNT = 3;

/** One first-level row of the category panel, with its flyout (config 2 and 3). */
export function CategoryPanelItem({ category, config }: { category: CategoryNode; config: CategoryConfig }) {
  const children = category.child_list ?? [];
  const showImages = config.img === 1;
  const mode = config.category;
  const flyoutMode = mode === 2 || mode === 3 ? mode : null;
  const hasFlyout = flyoutMode !== null && children.length > 0;
  return (
    <li className={hasFlyout ? "catnav-item catnav-item-flyout" : "catnav-item"}>
      <div className="catnav-item-main">
        <CategoryLink category={category} withImage={showImages} className="catnav-item-name" />
        {mode === 3 && children.length > 0 && (
          <span className="catnav-item-shortcuts">
            {children.slice(0, SHORTCUT_COUNT).map((child) => (
              <CategoryLink key={child.category_id} category={child} className="catnav-item-shortcut">
                {child.short_name || child.category_name}
              </CategoryLink>
            ))}
          </span>
        )}
      </div>
      {hasFlyout && <CategoryFlyout category={category} mode={flyoutMode} showImages={showImages} />}
    </li>
  );
}
