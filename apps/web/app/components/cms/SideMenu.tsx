import { AppLink } from "../chrome/AppLink.tsx";

export interface SideMenuItem {
  key: string | number;
  label: string;
  /** a storefront path or another site's URL (help articles may link out) */
  to: string;
  active?: boolean;
  /** shown after the label, e.g. an article count */
  extra?: string | number;
}

export interface SideMenuGroup extends SideMenuItem {
  items?: SideMenuItem[];
}

const itemClass = (base: string, active?: boolean) => (active ? `${base} ${base}--active` : base);

/** The left menu of content pages: a titled box of groups (help classes, article categories) with optional items. */
export function SideMenu({ title, groups }: { title: string; groups: SideMenuGroup[] }) {
  return (
    <div className="cms-side">
      <h2 className="cms-side__title">{title}</h2>
      <ul className="cms-side__groups">
        {groups.map((group) => (
          <li key={group.key} className="cms-side__group">
            <AppLink to={group.to} className={itemClass("cms-side__group-link", group.active)} title={group.label}>
              {group.label}
              {group.extra !== undefined ? <span className="cms-side__extra">({group.extra})</span> : null}
            </AppLink>
            {group.items?.length ? (
              <ul className="cms-side__items">
                {group.items.map((item) => (
                  <li key={item.key}>
                    <AppLink to={item.to} className={itemClass("cms-side__item-link", item.active)} title={item.label}>
                      {item.label}
                    </AppLink>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
