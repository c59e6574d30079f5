import { Link } from "react-router";
import type { CategoryBranch, CategoryLinkData } from "./category-tree.ts";
import { categoryListPath } from "../../lib/links.ts";
import { imageUrl } from "../../lib/image.ts";

/** The anchor of a level-1 section (the quick navigation jumps to it). */
export const sectionAnchor = (category: CategoryLinkData) => `category-${category.category_id}`;

const listPath = (category: CategoryLinkData) => categoryListPath(category.category_id, category.level);

/**
 * One level-1 category of the tree page: its heading, each level-2 category as a row of its
 * level-3 links, and the category's advertising picture beside them when it has one.
 */
export function CategorySection({ category }: { category: CategoryBranch }) {
  return (
    <section className="category-section" id={sectionAnchor(category)}>
      <header className="category-section__head">
        {category.image && <img className="category-section__icon" src={imageUrl(category.image)} alt="" width={28} height={28} loading="lazy" />}
        <h2 className="category-section__title">
          <Link to={listPath(category)}>{category.category_name}</Link>
        </h2>
        <Link className="category-section__more" to={listPath(category)}>
          全部{category.short_name || category.category_name}商品 ›
        </Link>
      </header>
      <div className="category-section__body">
        <div className="category-section__groups">
          {category.child_list.map((group) => (
            <dl key={group.category_id} className="category-group">
              <dt className="category-group__title">
                <Link to={listPath(group)}>
                  {group.category_name}
                  <span className="category-group__chevron" aria-hidden>
                    ›
                  </span>
                </Link>
              </dt>
              <dd className="category-group__links">
                {group.child_list.map((leaf) => (
                  <Link key={leaf.category_id} to={listPath(leaf)} className="category-group__link">
                    {leaf.category_name}
                  </Link>
                ))}
              </dd>
            </dl>
          ))}
        </div>
        {category.image_adv && (
          <Link className="category-section__adv" to={listPath(category)} tabIndex={-1}>
            <img src={imageUrl(category.image_adv)} alt={category.category_name} width={300} height={150} loading="lazy" />
          </Link>
        )}
      </div>
    </section>
  );
}
