import type { CategoryBranch, CategoryLinkData } from "./category-tree.ts";
import { categoryListPath, documentHref } from "../../lib/links.ts";
import { imageUrl } from "../../lib/image.ts";
import { ServerMarkup } from "../ui/ServerMarkup.tsx";

/** The anchor of a level-1 section (the quick navigation jumps to it). */
export const sectionAnchor = (category: Pick<CategoryLinkData, "category_id">) => `category-${category.category_id}`;

/** Plain anchors (server markup): ServerMarkup follows them in place with the router. */
const listHref = (category: CategoryLinkData) => documentHref(categoryListPath(category.category_id, category.level));

/**
 * The sections of the tree page, most of its HTML (a few hundred links): server markup, so the
 * browser keeps the server's HTML instead of hydrating it and the payload does not repeat the
 * tree. `sections` is undefined while hydrating such a page.
 */
export function CategorySections({ sections }: { sections: CategoryBranch[] | undefined }) {
  return (
    <ServerMarkup className="category-sections">
      {sections?.map((category) => <CategorySection key={category.category_id} category={category} />)}
    </ServerMarkup>
  );
}

/**
 * One level-1 category of the tree page: its heading, each level-2 category as a row of its
 * level-3 links, and the category's advertising picture beside them when it has one. The links
 * carry no class of their own and the chevrons are CSS: each of the few hundred is fewer bytes to
 * render, compress and send.
 */
function CategorySection({ category }: { category: CategoryBranch }) {
  const href = listHref(category);
  return (
    <section className="category-section" id={sectionAnchor(category)}>
      <header className="category-section__head">
        {category.image && <img className="category-section__icon" src={imageUrl(category.image)} alt="" width={28} height={28} loading="lazy" />}
        <h2 className="category-section__title">
          <a href={href}>{category.category_name}</a>
        </h2>
        <a className="category-section__more" href={href}>
          {`全部${category.short_name || category.category_name}商品 ›`}
        </a>
      </header>
      <div className="category-section__body">
        <div className="category-section__groups">
          {category.child_list.map((group) => (
            <dl key={group.category_id} className="category-group">
              <dt className="category-group__title">
                <a href={listHref(group)}>{group.category_name}</a>
              </dt>
              <dd className="category-group__links">
                {group.child_list.map((leaf) => (
                  <a key={leaf.category_id} href={listHref(leaf)}>
                    {leaf.category_name}
                  </a>
                ))}
              </dd>
            </dl>
          ))}
        </div>
        {category.image_adv && (
          <a className="category-section__adv" href={href} tabIndex={-1}>
            <img src={imageUrl(category.image_adv)} alt={category.category_name} width={300} height={150} loading="lazy" />
          </a>
        )}
      </div>
    </section>
  );
}
