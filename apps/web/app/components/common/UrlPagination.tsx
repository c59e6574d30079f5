import type { FormEvent } from "react";
import { Form, useLocation, useNavigate } from "react-router";
import { Pagination } from "../ui/Pagination.tsx";

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

/**
 * Paging kept in the URL, so a page can be shared and reloaded. Page numbers and arrows are real
 * links (they work before hydration and crawlers follow them). Hidden when everything fits on
 * page one.
 */
export function UrlPagination({ page, pageSize, total, hrefOf, pageSizeOptions, showTotal, className }: UrlPaginationProps) {
  const { pathname, search } = useLocation();
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
  const pageCount = Math.max(1, Math.ceil(total / pageSize));

  return (
    <Pagination
      className={className}
      current={page}
      pageCount={pageCount}
      hrefOf={(target) => href(target, pageSize)}
      summary={showTotal ? `共 ${total} 条` : undefined}
    >
      {pageSizeOptions && (
        <>
          <PageSizeChanger pageSize={pageSize} options={pageSizeOptions} hrefOf={(size) => href(1, size)} />
          <QuickJumper pageCount={pageCount} hrefOf={(target) => href(target, pageSize)} />
        </>
      )}
    </Pagination>
  );
}

/** "20 条/页": another page size starts again at page 1. */
function PageSizeChanger({ pageSize, options, hrefOf }: { pageSize: number; options: number[]; hrefOf: (size: number) => string }) {
  const navigate = useNavigate();
  return (
    <select className="ui-pagination__size" aria-label="每页条数" value={pageSize} onChange={(event) => void navigate(hrefOf(Number(event.target.value)))}>
      {options.map((size) => (
        <option key={size} value={size}>
          {size} 条/页
        </option>
      ))}
    </select>
  );
}

/**
 * 跳至 [n] 页: a GET form carrying the rest of the page's query, so Enter works before hydration
 * too; with scripts it goes to the page's canonical link (the number kept within the pages).
 */
function QuickJumper({ pageCount, hrefOf }: { pageCount: number; hrefOf: (page: number) => string }) {
  const navigate = useNavigate();
  const first = new URL(hrefOf(1), "http://x");
  first.searchParams.delete("page");
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = Number.parseInt(String(new FormData(event.currentTarget).get("page") ?? ""), 10);
    if (!Number.isFinite(typed)) return;
    event.currentTarget.reset();
    void navigate(hrefOf(Math.min(Math.max(1, typed), pageCount)));
  };
  return (
    <Form className="ui-pagination__jumper" method="get" action={first.pathname} onSubmit={submit}>
      {[...first.searchParams].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label>
        跳至 <input name="page" inputMode="numeric" autoComplete="off" aria-label="跳至页码" /> 页
      </label>
    </Form>
  );
}
