import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { Page } from "@shop/contract/codes";
import type { DB } from "../db/schema.ts";

/** The most rows one page returns; page_size 0 ("all" in the contract) means this many. */
export const MAX_PAGE_SIZE = 100;

export interface PageRequest {
  /** 1-based */
  page: number;
  /** 0 = all, capped at MAX_PAGE_SIZE */
  page_size: number;
}

export const effectivePageSize = (pageSize: number): number =>
  pageSize > 0 ? Math.min(pageSize, MAX_PAGE_SIZE) : MAX_PAGE_SIZE;

/**
 * Runs `query` as one page: a count of all its rows (the query wrapped as a sub-select, so joins,
 * DISTINCT and GROUP BY count correctly) and the page itself with LIMIT/OFFSET. The query must
 * carry a total ORDER BY (end with a unique column) so pages do not overlap.
 * `page_count` is 0 when there are no rows.
 */
export async function paginate<QueryDB, Tables extends keyof QueryDB, Row>(
  db: Kysely<DB>,
  query: SelectQueryBuilder<QueryDB, Tables, Row>,
  { page, page_size }: PageRequest,
): Promise<Page<Row>> {
  const size = effectivePageSize(page_size);
  const counted = await sql<{ count: number | string }>`select count(*) as count from (${query.clearOrderBy()}) as paged`.execute(db);
  const count = Number(counted.rows[0]?.count ?? 0);
  if (count === 0) return { page_count: 0, count: 0, list: [] };
  const list = await query.limit(size).offset((Math.max(1, page) - 1) * size).execute();
  return { page_count: Math.ceil(count / size), count, list };
}

/** Maps the rows of a page, keeping its counts. */
export const mapPage = <Row, Item>(page: Page<Row>, map: (row: Row) => Item): Page<Item> => ({
  ...page,
  list: page.list.map(map),
});
