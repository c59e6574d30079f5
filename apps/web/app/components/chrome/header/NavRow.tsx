import { CategoryNav } from "../category/CategoryNav.tsx";
import { useCategoryNavExpanded } from "../category-nav-expansion.tsx";
import { NavLinks } from "./NavLinks.tsx";

/** The row under the middle header: 全部商品分类 panel at the left, navigation items beside it. */
export function NavRow() {
  const expanded = useCategoryNavExpanded();
  return (
    <div className="nav-row">
      <div className="shop-container nav-row-inner">
        <CategoryNav expanded={expanded} />
        <NavLinks />
      </div>
    </div>
  );
}
