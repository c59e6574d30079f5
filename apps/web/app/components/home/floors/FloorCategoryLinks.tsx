import type { FloorCategory } from "@shop/contract";
import { categoryListPath, documentHref } from "../../../lib/links.ts";

/** Category shortcuts of a floor, each to the goods list of that category (plain links: server markup, see HomeFloors). */
export function FloorCategoryLinks({ categories }: { categories: FloorCategory[] }) {
  if (categories.length === 0) return null;
  return (
    <ul className="home-floor-categories">
      {categories.map((category) => (
        <li key={category.category_id}>
          <a href={documentHref(categoryListPath(category.category_id, category.level))} title={category.category_name}>
            {category.short_name || category.category_name}
          </a>
        </li>
      ))}
    </ul>
  );
}
