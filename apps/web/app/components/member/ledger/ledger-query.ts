import {
  LEDGER_CATEGORIES, LEDGER_DIRECTIONS, OTHER_LEDGER_CATEGORY, ledgerCategoryKeys,
  type AccountRecord, type ApiClient, type BodyOf, type LedgerAccountType, type LedgerDirection, type Page,
} from "@shop/contract";

/**
 * The ledger filters as they live in a page's URL (so a filtered ledger can be shared, reloaded and
 * used before scripts run): ?type= (category key), ?dir= (income | expense), ?start= / ?end=
 * (YYYY-MM-DD, shop days, both included), ?page=. Values the server would refuse are dropped here,
 * so a hand-edited URL shows the unfiltered ledger instead of an error.
 */
export interface LedgerQuery {
  /** category key or "" (all) */
  category: string;
  direction: LedgerDirection | "";
  start: string;
  end: string;
  page: number;
}

/** The URL parameters the ledger owns; a page's other parameters are kept by its filter form. */
export const LEDGER_PARAMS = ["type", "dir", "start", "end", "page"] as const;

export const LEDGER_PAGE_SIZE = 10;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string) => DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

export function parseLedgerQuery(url: URL, accountType: LedgerAccountType): LedgerQuery {
  const read = (name: string) => (url.searchParams.get(name) ?? "").trim();
  const category = read("type");
  const direction = read("dir");
  let start = read("start");
  let end = read("end");
  start = isDate(start) ? start : "";
  end = isDate(end) ? end : "";
  // A range given backwards is read the way it was meant.
  if (start && end && start > end) [start, end] = [end, start];
  const page = Number(read("page") || "1");
  return {
    category: ledgerCategoryKeys(accountType).includes(category) ? category : "",
    direction: direction in LEDGER_DIRECTIONS ? (direction as LedgerDirection) : "",
    start,
    end,
    page: Number.isInteger(page) && page >= 1 && page <= 100000 ? page : 1,
  };
}

/** The /api/memberaccount/page body of a query. */
export function ledgerRequest(accountType: LedgerAccountType, query: LedgerQuery, pageSize = LEDGER_PAGE_SIZE): BodyOf<"/api/memberaccount/page"> {
  return {
    account_type: accountType,
    page: query.page,
    page_size: pageSize,
    ...(query.category ? { category: query.category } : {}),
    ...(query.direction ? { direction: query.direction } : {}),
    ...(query.start ? { start_date: query.start } : {}),
    ...(query.end ? { end_date: query.end } : {}),
  };
}

/** For a loader: the page of the ledger the URL asks for. */
export function loadLedger(api: ApiClient, accountType: LedgerAccountType, query: LedgerQuery, pageSize = LEDGER_PAGE_SIZE): Promise<Page<AccountRecord>> {
  return api.call("/api/memberaccount/page", ledgerRequest(accountType, query, pageSize));
}

/** True when any filter is set (the empty state then says nothing matched, not that there is nothing). */
export const isFiltered = (query: LedgerQuery): boolean => Boolean(query.category || query.direction || query.start || query.end);

/** The filter's choices of category for an account, "其他" last. */
export function categoryOptions(accountType: LedgerAccountType): Array<{ key: string; name: string }> {
  return [...LEDGER_CATEGORIES[accountType].map(({ key, name }) => ({ key, name })), OTHER_LEDGER_CATEGORY];
}

/** The name of a row's category. */
export function categoryName(accountType: LedgerAccountType, key: string): string {
  return categoryOptions(accountType).find((option) => option.key === key)?.name ?? OTHER_LEDGER_CATEGORY.name;
}

/** A signed amount as the table shows it: "+12.34" / "-12.34", "+50" / "-50". */
export function signedAmount(value: string): string {
  return value.startsWith("-") ? value : `+${value}`;
}
