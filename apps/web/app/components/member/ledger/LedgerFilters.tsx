import { Form, useLocation } from "react-router";
import { LEDGER_DIRECTIONS, type LedgerAccountType } from "@shop/contract";
import { Link } from "../../chrome/Link.tsx";
import { LEDGER_PARAMS, categoryOptions, isFiltered, type LedgerQuery } from "./ledger-query.ts";

/**
 * The ledger's filters as a GET form: choosing and pressing 查询 loads the page with the filters in
 * its URL (first page again), with or without scripts. The page's own other parameters are kept.
 */
export function LedgerFilters({ accountType, query, idPrefix }: { accountType: LedgerAccountType; query: LedgerQuery; idPrefix: string }) {
  const { pathname, search } = useLocation();
  const kept = [...new URLSearchParams(search)].filter(([name]) => !(LEDGER_PARAMS as readonly string[]).includes(name));
  const resetQuery = new URLSearchParams(kept).toString();
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <Form method="get" action={pathname} className="ledger-filters" role="search" aria-label="筛选明细">
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="ledger-filter" htmlFor={id("type")}>
        <span>类型</span>
        <select id={id("type")} name="type" defaultValue={query.category} key={`type-${query.category}`}>
          <option value="">全部类型</option>
          {categoryOptions(accountType).map((option) => (
            <option key={option.key} value={option.key}>
              {option.name}
            </option>
          ))}
        </select>
      </label>
      <label className="ledger-filter" htmlFor={id("dir")}>
        <span>收支</span>
        <select id={id("dir")} name="dir" defaultValue={query.direction} key={`dir-${query.direction}`}>
          <option value="">全部</option>
          {Object.entries(LEDGER_DIRECTIONS).map(([value, name]) => (
            <option key={value} value={value}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label className="ledger-filter" htmlFor={id("start")}>
        <span>日期</span>
        <input id={id("start")} type="date" name="start" defaultValue={query.start} key={`start-${query.start}`} aria-label="开始日期" />
      </label>
      <span className="ledger-filter-dash" aria-hidden>
        至
      </span>
      <input id={id("end")} className="ledger-filter-date" type="date" name="end" defaultValue={query.end} key={`end-${query.end}`} aria-label="结束日期" />
      <button type="submit" className="ui-button ui-button--primary ledger-filter-submit">
        查询
      </button>
      {isFiltered(query) && (
        <Link to={resetQuery ? `${pathname}?${resetQuery}` : pathname} className="ledger-filter-reset">
          重置
        </Link>
      )}
    </Form>
  );
}
