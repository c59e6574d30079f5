import { Empty } from "antd";
import type { AccountRecord, LedgerAccountType, Page } from "@shop/contract";
import { UrlPagination } from "../../common/UrlPagination.tsx";
import { formatTime } from "../../../lib/format.ts";
import { LedgerFilters } from "./LedgerFilters.tsx";
import { LEDGER_PAGE_SIZE, categoryName, isFiltered, signedAmount, type LedgerQuery } from "./ledger-query.ts";

/** The columns a ledger table can show, in this order. */
export type LedgerColumn = "create_time" | "category" | "type_name" | "account_data" | "account_after" | "remark";

export const ALL_LEDGER_COLUMNS: readonly LedgerColumn[] = ["create_time", "category", "type_name", "account_data", "account_after", "remark"];

const UNIT = { balance: "（元）", point: "" } as const;

const HEADERS: Record<LedgerColumn, (accountType: LedgerAccountType) => string> = {
  create_time: () => "时间",
  category: () => "类型",
  type_name: () => "来源",
  account_data: (type) => (type === "balance" ? `金额${UNIT.balance}` : "积分变动"),
  account_after: (type) => (type === "balance" ? `余额${UNIT.balance}` : "积分结余"),
  remark: () => "备注",
};

function Cell({ column, row, accountType }: { column: LedgerColumn; row: AccountRecord; accountType: LedgerAccountType }) {
  switch (column) {
    case "create_time":
      return <td className="ledger-time">{formatTime(row.create_time, "YYYY-MM-DD HH:mm")}</td>;
    case "category":
      return <td>{categoryName(accountType, row.category)}</td>;
    case "type_name":
      return <td>{row.type_name}</td>;
    case "account_data": {
      const income = !row.account_data.startsWith("-");
      return <td className={income ? "ledger-amount ledger-amount-in" : "ledger-amount ledger-amount-out"}>{signedAmount(row.account_data)}</td>;
    }
    case "account_after":
      return <td className="ledger-amount">{row.account_after}</td>;
    case "remark":
      return (
        <td className="ledger-remark" title={row.remark}>
          {row.remark || "—"}
        </td>
      );
  }
}

export interface LedgerTableProps {
  /** which ledger: balance (amounts in yuan) or point */
  accountType: LedgerAccountType;
  /** the filters and page of the URL: `parseLedgerQuery(url, accountType)` in the loader */
  query: LedgerQuery;
  /** the rows the loader got with `loadLedger(context.api, accountType, query, pageSize)` */
  ledger: Page<AccountRecord>;
  /** columns to show, in the order given (default: all of ALL_LEDGER_COLUMNS) */
  columns?: readonly LedgerColumn[];
  /** the page size the loader asked for (default LEDGER_PAGE_SIZE) */
  pageSize?: number;
  /** hides the filter form */
  hideFilters?: boolean;
  /** the empty state's text without filters (default 暂无明细) */
  emptyText?: string;
}

/**
 * A member's ledger (balance or points) as a table with its filters (type, income / expense, date
 * range) and paging, all kept in the page URL. The route loads the rows; see docs/api/account.md.
 * Used by /member/my_point (points) and /member/account (balance).
 */
export function LedgerTable({ accountType, query, ledger, columns = ALL_LEDGER_COLUMNS, pageSize = LEDGER_PAGE_SIZE, hideFilters, emptyText = "暂无明细" }: LedgerTableProps) {
  return (
    <div className="ledger">
      {!hideFilters && <LedgerFilters accountType={accountType} query={query} idPrefix={`ledger-${accountType}`} />}
      <table className="ledger-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={column === "account_data" || column === "account_after" ? `ledger-col-${column} ledger-amount` : `ledger-col-${column}`}>
                {HEADERS[column](accountType)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ledger.list.map((row) => (
            <tr key={row.id}>
              {columns.map((column) => (
                <Cell key={column} column={column} row={row} accountType={accountType} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {ledger.list.length === 0 && <Empty className="ledger-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={isFiltered(query) ? "没有符合条件的明细" : emptyText} />}
      <UrlPagination className="ledger-pagination" page={query.page} pageSize={pageSize} total={ledger.count} showTotal />
    </div>
  );
}
