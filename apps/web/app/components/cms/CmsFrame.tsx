import { Fragment, type ReactNode } from "react";
import { Link } from "../chrome/Link.tsx";

export interface Crumb {
  label: string;
  /** omitted for the current page */
  to?: string;
}

interface CmsFrameProps {
  /** the trail after 首页 */
  crumbs: Crumb[];
  /** left column (side menu); without it the content takes the whole width */
  aside?: ReactNode;
  children: ReactNode;
}

/** The frame of every content page: breadcrumb, then an optional left column beside the content. */
export function CmsFrame({ crumbs, aside, children }: CmsFrameProps) {
  return (
    <div className="shop-container cms-frame">
      <nav className="cms-crumbs" aria-label="当前位置">
        <Link to="/">首页</Link>
        {crumbs.map((crumb, index) => (
          <Fragment key={index}>
            <span className="cms-crumbs__sep">&gt;</span>
            {crumb.to ? <Link to={crumb.to}>{crumb.label}</Link> : <span className="cms-crumbs__current">{crumb.label}</span>}
          </Fragment>
        ))}
      </nav>
      <div className="cms-frame__body">
        {aside ? <aside className="cms-frame__aside">{aside}</aside> : null}
        <section className="cms-frame__main">{children}</section>
      </div>
    </div>
  );
}
