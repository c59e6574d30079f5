import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

/**
 * A list page's state in the URL (?page=2&page_size=20&sort=price&order=asc&search_text=…), so a
 * filtered, sorted page can be reloaded, bookmarked and shared, and Back returns to it. Filters are
 * strings as the URL holds them; the page turns them into its call's body.
 */
export interface ListQuery {
  page: number;
  pageSize: number;
  /** the column sorted by, and its direction ("" when the list's own order applies) */
  sort: string;
  order: "asc" | "desc" | "";
  filters: Record<string, string>;
}

const RESERVED = new Set(["page", "page_size", "sort", "order"]);
const PAGE_SIZES = [10, 20, 50, 100];

function positiveInt(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

export function readListQuery(params: URLSearchParams, defaultPageSize = 20): ListQuery {
  const filters: Record<string, string> = {};
  for (const [key, value] of params) if (!RESERVED.has(key) && value !== "") filters[key] = value;
  const pageSize = positiveInt(params.get("page_size"), defaultPageSize);
  const order = params.get("order");
  return {
    page: positiveInt(params.get("page"), 1),
    pageSize: PAGE_SIZES.includes(pageSize) ? pageSize : defaultPageSize,
    sort: params.get("sort") ?? "",
    order: order === "asc" || order === "desc" ? order : "",
    filters,
  };
}

/** The URL parameters of a list state (empty values and defaults left out). */
export function writeListQuery(query: ListQuery, defaultPageSize = 20): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query.filters)) if (value !== "") params.set(key, value);
  if (query.sort && query.order) {
    params.set("sort", query.sort);
    params.set("order", query.order);
  }
  if (query.page > 1) params.set("page", String(query.page));
  if (query.pageSize !== defaultPageSize) params.set("page_size", String(query.pageSize));
  return params;
}

/**
 * `const { query, setFilters, setPage, setSort } = useListQuery()`: the list's state from the URL
 * and setters that write it back (a new filter goes back to page 1).
 */
export function useListQuery(defaultPageSize = 20) {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readListQuery(params, defaultPageSize), [params, defaultPageSize]);
  const write = useCallback((next: ListQuery) => setParams(writeListQuery(next, defaultPageSize)), [setParams, defaultPageSize]);
  return {
    query,
    setFilters: useCallback((filters: Record<string, string | undefined>) => {
      const merged: Record<string, string> = {};
      for (const [key, value] of Object.entries({ ...query.filters, ...filters })) if (value) merged[key] = value;
      write({ ...query, filters: merged, page: 1 });
    }, [query, write]),
    setPage: useCallback((page: number, pageSize?: number) => write({ ...query, page, pageSize: pageSize ?? query.pageSize }), [query, write]),
    setSort: useCallback((sort: string, order: "asc" | "desc" | "") => write({ ...query, sort: order ? sort : "", order, page: 1 }), [query, write]),
  };
}

/** antd Table's pagination props for a list query and its total. */
export function tablePagination(query: ListQuery, total: number, setPage: (page: number, pageSize?: number) => void) {
  return {
    current: query.page,
    pageSize: query.pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES,
    showTotal: (count: number) => `共 ${count} 条`,
    onChange: setPage,
  };
}
