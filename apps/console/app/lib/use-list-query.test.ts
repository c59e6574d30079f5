import { describe, expect, it } from "vitest";
import { readListQuery, writeListQuery } from "./use-list-query.ts";

describe("list state in the URL", () => {
  it("reads page, size, sort and filters, ignoring what is not valid", () => {
    const query = readListQuery(new URLSearchParams("page=3&page_size=50&sort=price&order=asc&search_text=茶&state="));
    expect(query).toEqual({ page: 3, pageSize: 50, sort: "price", order: "asc", filters: { search_text: "茶" } });
    expect(readListQuery(new URLSearchParams("page=-1&page_size=7&order=up"))).toEqual({ page: 1, pageSize: 20, sort: "", order: "", filters: {} });
  });

  it("writes back only what differs from the defaults, and round-trips", () => {
    const query = { page: 2, pageSize: 20, sort: "stock", order: "desc" as const, filters: { category_id: "12" } };
    expect(writeListQuery(query).toString()).toBe("category_id=12&sort=stock&order=desc&page=2");
    expect(readListQuery(writeListQuery(query))).toEqual(query);
    expect(writeListQuery({ ...query, page: 1, sort: "", order: "", filters: {} }).toString()).toBe("");
  });
});
