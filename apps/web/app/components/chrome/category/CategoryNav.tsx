import { UnorderedListOutlined } from "@ant-design/icons";
import { useGlobalData } from "../../../lib/global-data.ts";
import { CategoryPanelItem } from "./CategoryPanelItem.tsx";
import "../../../styles/chrome/catnav.css";

/**
 * SPEC §2 category navigation: 全部商品分类 with the first-level panel. `expanded` keeps the
 * panel open (home page while the top ad shows, see category-nav-expansion.tsx); otherwise it
 * opens on hover. Hover is pure CSS, so it works before hydration and without JavaScript.
 */
export function CategoryNav({ expanded }: { expanded: boolean }) {
  const { categories, categoryConfig } = useGlobalData();
  return (
    <div className={expanded ? "catnav catnav-expanded" : "catnav"}>
      <div className="catnav-title">
        <UnorderedListOutlined />
        <span>全部商品分类</span>
      </div>
      {categories.length > 0 && (
        <div className="catnav-panel">
          <ul className="catnav-list">
            {categories.map((category) => (
              <CategoryPanelItem key={category.category_id} category={category} config={categoryConfig} />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
