import type { CategoryNode } from "@shop/contract";
import { CategoryLink } from "./CategoryLink.tsx";

interface CategoryFlyoutProps {
  category: CategoryNode;
  /** category config: 2 = second level only, 3 = second and third levels */
  mode: 2 | 3;
  showImages: boolean;
}

/** The panel beside a hovered first-level category. */
export function CategoryFlyout({ category, mode, showImages }: CategoryFlyoutProps) {
  const children = category.child_list ?? [];
  if (mode === 2) {
    return (
      <div className="catnav-flyout">
        <div className={showImages ? "catnav-flyout-tiles" : "catnav-flyout-links"}>
          {children.map((child) => (
            <CategoryLink key={child.category_id} category={child} withImage={showImages} className="catnav-flyout-link" />
          ))}
        </div>
      </div>
    );
  }
  return (
    <div className="catnav-flyout">
      {children.map((child) => (
        <dl key={child.category_id} className="catnav-flyout-group">
          <dt>
            <CategoryLink category={child} className="catnav-flyout-group-title">
              {child.category_name}
              <span className="catnav-flyout-chevron" aria-hidden>
                &gt;
              </span>
            </CategoryLink>
          </dt>
          <dd className={showImages ? "catnav-flyout-tiles" : "catnav-flyout-links"}>
            {(child.child_list ?? []).map((grandchild) => (
              <CategoryLink key={grandchild.category_id} category={grandchild} withImage={showImages} className="catnav-flyout-link" />
            ))}
          </dd>
        </dl>
      ))}
    </div>
  );
}
