import { Fragment, type ReactNode } from "react";
import { Link } from "../chrome/Link.tsx";

export interface Crumb {
  label: string;
  to?: string;
}

interface AfterSaleFrameProps {
  title: string;
  /** the trail after 会员中心 (the last one is this page, without a link) */
  crumbs: Crumb[];
  /** beside the title: order number, status… */
  summary?: ReactNode;
  children: ReactNode;
}

/** The frame of the /order/… after-sales pages: a trail back to the member centre, the title bar, then the panels. */
export function AfterSaleFrame({ title, crumbs, summary, children }: AfterSaleFrameProps) {
  const trail: Crumb[] = [{ label: "会员中心", to: "/member" }, ...crumbs];
  return (
    <div className="shop-container refund-page">
      <nav className="refund-crumbs" aria-label="当前位置">
        {trail.map((crumb, index) => (
          <Fragment key={`${crumb.label}-${index}`}>
            {index > 0 && <span aria-hidden>/</span>}
            {crumb.to ? <Link to={crumb.to}>{crumb.label}</Link> : <span aria-current="page">{crumb.label}</span>}
          </Fragment>
        ))}
      </nav>
      <header className="refund-page-head">
        <h1>{title}</h1>
        {summary}
      </header>
      {children}
    </div>
  );
}
