import type { CategoryTile } from "./category-tree.ts";
import { imageUrl } from "../../lib/image.ts";
import { sectionAnchor } from "./CategorySections.tsx";

/** At most this many tiles per row. */
const MAX_COLUMNS = 8;

/** Tiles of the level-1 categories at the top of the tree page, each jumping to its section. */
export function CategoryQuickNav({ categories }: { categories: CategoryTile[] }) {
  // Rows of equal length (14 categories: 2 × 7), so no row ends in a gap.
  const rows = Math.ceil(categories.length / MAX_COLUMNS);
  const columns = Math.ceil(categories.length / rows);
  return (
    <nav className="category-quicknav" aria-label="一级分类" style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}>
      {categories.map((category) => (
        <a key={category.category_id} className="category-quicknav__item" href={`#${sectionAnchor(category)}`}>
          {category.image ? (
            <img className="category-quicknav__icon" src={imageUrl(category.image)} alt="" width={40} height={40} />
          ) : (
            <span className="category-quicknav__icon category-quicknav__icon--text">{category.category_name.charAt(0)}</span>
          )}
          <span className="category-quicknav__name">{category.short_name || category.category_name}</span>
        </a>
      ))}
    </nav>
  );
}
