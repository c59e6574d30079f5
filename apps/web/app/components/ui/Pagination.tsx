import type { ReactNode } from "react";
import { Link } from "../chrome/Link.tsx";
import { LeftIcon, RightIcon } from "./icons.tsx";
import { pagerItems } from "./pagination-items.ts";

interface PaginationProps {
  current: number;
  pageCount: number;
  /**
   * Link mode: the app path of a page. Every page is a real link, so paging works before
   * hydration and crawlers follow it; with scripts the router navigates in place.
   */
  hrefOf?: (page: number) => string;
  /** Button mode, for paging a part of a page that has no URL of its own. */
  onChange?: (page: number) => void;
  /** 上一页 / 下一页 as arrows instead of words. */
  arrows?: boolean;
  /** Shown before the pages ("共 N 条"). */
  summary?: ReactNode;
  /** Shown after the pages (page-size changer, quick jumper). */
  children?: ReactNode;
  className?: string;
}

/** A pager laid out like antd's: prev, page numbers with "•••" jumps, next. */
export function Pagination({ current, pageCount, hrefOf, onChange, arrows = false, summary, children, className }: PaginationProps) {
  const target = (page: number, content: ReactNode, label?: string, isCurrent = false) =>
    hrefOf ? (
      <Link to={hrefOf(page)} aria-label={label} title={label} aria-current={isCurrent ? "page" : undefined}>
        {content}
      </Link>
    ) : (
      <button type="button" aria-label={label} title={label} aria-current={isCurrent ? "page" : undefined} onClick={() => onChange?.(page)}>
        {content}
      </button>
    );
  const step = (page: number, enabled: boolean, word: string, arrow: ReactNode) => (
    <li className={enabled ? "ui-pagination__item" : "ui-pagination__item is-disabled"}>
      {enabled ? target(page, arrows ? arrow : word, arrows ? word : undefined) : <span aria-disabled="true" aria-label={arrows ? word : undefined}>{arrows ? arrow : word}</span>}
    </li>
  );

  return (
    <nav className={className ? `ui-pagination ${className}` : "ui-pagination"} aria-label="分页">
      {summary && <span className="ui-pagination__total">{summary}</span>}
      <ul className="ui-pagination__list">
        {step(current - 1, current > 1, "上一页", <LeftIcon />)}
        {pagerItems(current, pageCount).map((item) =>
          item.kind === "page" ? (
            <li key={item.page} className={item.page === current ? "ui-pagination__item is-active" : "ui-pagination__item"}>
              {target(item.page, item.page, undefined, item.page === current)}
            </li>
          ) : (
            <li key={item.kind} className="ui-pagination__item ui-pagination__jump">
              {target(item.page, "•••", item.kind === "jump-prev" ? "向前 5 页" : "向后 5 页")}
            </li>
          ),
        )}
        {step(current + 1, current < pageCount, "下一页", <RightIcon />)}
      </ul>
      {children && <div className="ui-pagination__options">{children}</div>}
    </nav>
  );
}
