import { describe, expect, it } from "vitest";
import { categoryName, ledgerRequest, parseLedgerQuery, signedAmount } from "./ledger-query.ts";

const url = (query: string) => new URL(`http://shop.test/web/member/my_point${query}`);

describe("ledger filters in the URL", () => {
  it("reads the filters a points ledger knows", () => {
    expect(parseLedgerQuery(url("?type=signin&dir=expense&start=2026-04-01&end=2026-04-30&page=3"), "point")).toEqual({
      category: "signin", direction: "expense", start: "2026-04-01", end: "2026-04-30", page: 3,
    });
  });

  it("drops what the server would refuse, and turns a backwards range round", () => {
    expect(parseLedgerQuery(url("?type=withdraw&dir=up&start=2026-02-30&end=x&page=0"), "point")).toEqual({ category: "", direction: "", start: "", end: "", page: 1 });
    expect(parseLedgerQuery(url("?type=withdraw"), "balance").category).toBe("withdraw");
    expect(parseLedgerQuery(url("?start=2026-05-02&end=2026-05-01"), "point")).toMatchObject({ start: "2026-05-01", end: "2026-05-02" });
  });

  it("asks the server for only the filters set", () => {
    expect(ledgerRequest("point", parseLedgerQuery(url(""), "point"))).toEqual({ account_type: "point", page: 1, page_size: 10 });
    expect(ledgerRequest("balance", parseLedgerQuery(url("?type=other&start=2026-01-01"), "balance"), 20)).toEqual({
      account_type: "balance", page: 1, page_size: 20, category: "other", start_date: "2026-01-01",
    });
  });

  it("names categories and signs amounts", () => {
    expect(categoryName("point", "deduct")).toBe("订单抵扣");
    expect(categoryName("point", "nope")).toBe("其他");
    expect([signedAmount("12.34"), signedAmount("-5"), signedAmount("0.00")]).toEqual(["+12.34", "-5", "+0.00"]);
  });
});
