import { sql, type Kysely, type RawBuilder } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { GoodsSearch } from "./search-hits.ts";
import { GOODS_ID_OF_ROWID, searchTags } from "./search-tables.ts";

/**
 * A page of a keyword search on SQLite, read from the index in rank order (README.md, "Ranking").
 *
 * goods_search's rowid is the rank key (sales, then goods id, best first): a match read in rowid
 * order is already in the last two ranking steps' order. The first two (intent, name match) split
 * the matches into at most eight **bands**, each one FTS5 expression (named categories and brands
 * are tag tokens, the name match the keyword's name-field tokens), read one after the other. A
 * page skips the bands before it by their counts and reads only its own entries: no match is
 * sorted nor looked up. The category, brand and shipping filters are tags too; price bounds and
 * goods ids join the goods rows. An explicit sales order is the rowid order itself; a price or
 * date order sorts the matches.
 */

export interface RankedSearchQuery {
  /**
   * tag tokens (searchTags) every goods listed carries: the category, brand and shipping filters;
   * a list of tokens is one filter the goods meets with any of them (a coupon's categories)
   */
  tags: Array<string | readonly string[]>;
  /** conditions on the goods row `g` (price bounds, goods ids): the entries are joined to their goods */
  goodsConditions: Array<RawBuilder<unknown>>;
  /** an explicit order (sku-page-query.ts ORDER_COLUMNS), else the search's ranking */
  order?: { column: "sale_num" | "price_cents" | "create_time"; direction: "asc" | "desc" };
  offset: number;
  size: number;
}

export interface RankedSearchPage {
  goodsIds: number[];
  count: number;
}

/** Entries carrying any of these tags. */
const anyTag = (tokens: string[]) => tokens.map((token) => `"${token}"`).join(" OR ");

/** An FTS5 expression of entries matching all of `required` and none of `excluded`. */
export function ftsExpression(required: string[], excluded: string[] = []): string {
  let text = required.map((part) => `(${part})`).join(" AND ");
  for (const part of excluded) text = `(${text}) NOT (${part})`;
  return text;
}

/**
 * What splits the matches into bands, most significant first: a named category (+2), a named
 * brand (+1), then the name match. Entries with a split's match rank before those without.
 */
export function rankSplits(search: Pick<GoodsSearch, "plan" | "match">): string[] {
  const { categoryIds, brandIds } = search.plan;
  return [
    ...(categoryIds.length > 0 ? [anyTag(categoryIds.map((id) => searchTags.category(3, id)))] : []),
    ...(brandIds.length > 0 ? [anyTag(brandIds.map(searchTags.brand))] : []),
    search.match.name,
  ];
}

export async function rankedSearchPage(db: Kysely<DB>, search: GoodsSearch, query: RankedSearchQuery): Promise<RankedSearchPage> {
  const base = ftsExpression([search.match[search.plan.scope], ...query.tags.map((tag) => anyTag(typeof tag === "string" ? [tag] : [...tag]))]);
  // A price or date order sorts the matches; the sales order is the index's own.
  const sortBy = query.order?.column === "sale_num" ? undefined : query.order;
  // The goods are looked up by id from each entry read (never the other way round), only when their columns are needed.
  const entries = (withGoods: boolean) => (withGoods ? sql`goods_search cross join goods as g on g.goods_id = ${GOODS_ID_OF_ROWID}` : sql`goods_search`);
  const from = entries(query.goodsConditions.length > 0);
  const where = (match: string) => sql`goods_search match ${match}${sql.join(query.goodsConditions.map((condition) => sql` and ${condition}`), sql``)}`;
  const count = async (match: string) => Number((await sql<{ count: number }>`select count(*) as count from ${from} where ${where(match)}`.execute(db)).rows[0]?.count ?? 0);

  const total = await count(base);
  if (total <= query.offset) return { goodsIds: [], count: total };
  if (sortBy) {
    const direction = sql.raw(sortBy.direction);
    const { rows } = await sql<{ goods_id: number }>`select g.goods_id from ${entries(true)} where ${where(base)}
      order by ${sql.ref(`g.${sortBy.column}`)} ${direction}, g.goods_id ${direction} limit ${query.size} offset ${query.offset}`.execute(db);
    return { goodsIds: rows.map((row) => row.goods_id), count: total };
  }

  // Ascending rowids are best first; an explicit "sales, fewest first" reads them backwards.
  const rowidOrder = sql.raw(query.order?.direction === "asc" ? "desc" : "asc");
  const splits = query.order ? [] : rankSplits(search);
  const goodsIds: number[] = [];
  // `skip`: entries of the page's offset still to pass; `passed`: entries ranked before the next one read.
  let skip = query.offset;
  let passed = 0;

  /**
   * Lists the page's part of one node of the band tree: the entries matching `required` and none
   * of `excluded` (`size` of them when counted). A node the page starts past is skipped whole;
   * otherwise its first child (with the next split) comes before its second (without). Nodes are
   * counted only while the page's start is still ahead: from there on they are read in order.
   */
  const visit = async (required: string[], excluded: string[], size: number | undefined, depth: number): Promise<void> => {
    if (goodsIds.length === query.size || passed >= total || size === 0) return;
    if (size !== undefined && skip >= size) {
      skip -= size;
      passed += size;
      return;
    }
    const split = splits[depth];
    if (split === undefined) {
      const wanted = query.size - goodsIds.length;
      const { rows } = await sql<{ goods_id: number }>`select ${GOODS_ID_OF_ROWID} as goods_id from ${from} where ${where(ftsExpression(required, excluded))}
        order by goods_search.rowid ${rowidOrder} limit ${wanted} offset ${skip}`.execute(db);
      for (const row of rows) goodsIds.push(row.goods_id);
      passed += skip + rows.length;
      skip = 0;
      return;
    }
    const withSplit = [...required, split];
    const withSize = skip > 0 ? await count(ftsExpression(withSplit, excluded)) : undefined;
    await visit(withSplit, excluded, withSize, depth + 1);
    await visit(required, [...excluded, split], size !== undefined && withSize !== undefined ? size - withSize : undefined, depth + 1);
  };
  await visit([base], [], total, 0);
  return { goodsIds, count: total };
}
