import type { MouseEvent, ReactNode } from "react";
import { Pagination } from "antd";
import { Link, useLocation, useNavigate } from "react-router";

interface UrlPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** App path of a page at a page size; default: the current URL with ?page= (and ?page_size=) set. */
  hrefOf?: (page: number, pageSize: number) => string;
  /** Shows the page-size changer (which starts again at page 1) and the quick jumper. */
  pageSizeOptions?: number[];
  /** Shows "共 N 条". */
  showTotal?: boolean;
  className?: string;
}

const LABELS: Record<string, string> = { prev: "上一页", next: "下一页" };
const keepForAntd = (event: MouseEvent) => event.preventDefault();

/**
 * Paging kept in the URL, so a page can be shared and reloaded. Page numbers and arrows are real
 * links (they work before hydration and crawlers follow them); with scripts antd's click handler
 * navigates in place. Hidden when everything fits on page one.
 */
export function UrlPagination({ page, pageSize, total, hrefOf, pageSizeOptions, showTotal, className }: UrlPaginationProps) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  if (total <= pageSize && page <= 1) return null;

  const href =
    hrefOf ??
    ((target: number, size: number) => {
      const params = new URLSearchParams(search);
      if (target > 1) params.set("page", String(target));
      else params.delete("page");
      if (size !== pageSize) params.set("page_size", String(size));
      const query = params.toString();
      return query ? `${pathname}?${query}` : pathname;
    });

  const go = (target: number, size: number) => {
    void navigate(href(size === pageSize ? target : 1, size));
    window.scrollTo({ top: 0 });
  };

  const itemRender = (target: number, type: string, original: ReactNode): ReactNode => {
    if (type !== "page" && type !== "prev" && type !== "next") return original;
    return (
      <Link to={href(target, pageSize)} rel="nofollow" onClick={keepForAntd}>
        {type === "page" ? target : LABELS[type]}
      </Link>
    );
  };

  return (
    <Pagination
      className={className}
      current={page}
      pageSize={pageSize}
      total={total}
      onChange={go}
      itemRender={itemRender}
      showSizeChanger={Boolean(pageSizeOptions)}
      pageSizeOptions={pageSizeOptions?.map(String)}
      showQuickJumper={Boolean(pageSizeOptions)}
      showTotal={showTotal ? (count) => `共 ${count} 条` : undefined}
    />
  );
}
