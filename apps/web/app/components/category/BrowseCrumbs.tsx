import { Fragment } from "react";
import { Link } from "../chrome/Link.tsx";
import "../../styles/category-browse.css";

export interface Crumb {
  label: string;
  /** omitted for the current page */
  to?: string;
}

/** "首页 › …" trail above the browsing pages (category, brand, street). */
export function BrowseCrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav className="browse-crumbs" aria-label="当前位置">
      <Link to="/">首页</Link>
      {items.map((item) => (
        <Fragment key={item.label}>
          <span className="browse-crumbs__sep" aria-hidden>
            ›
          </span>
          {item.to ? <Link to={item.to}>{item.label}</Link> : <span className="browse-crumbs__current">{item.label}</span>}
        </Fragment>
      ))}
    </nav>
  );
}
