import { sql, type RawBuilder, type SelectQueryBuilder } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { DialectName } from "../../db/connect.ts";
import { normalize, parseQuery } from "./tokenize.ts";
import { toFts5Match, toTsQuery } from "./match-syntax.ts";
import { FTS5_COLUMN_WEIGHTS } from "./search-tables.ts";

/**
 * A keyword search over the goods list. The match only filters (so counting a result stays
 * cheap); relevance is computed in the ORDER BY, which counting drops.
 */
export interface GoodsSearch {
  /** joins the index to a goods query and keeps the goods matching every term */
  filter<O>(query: SelectQueryBuilder<DB, "goods", O>): SelectQueryBuilder<DB, "goods", O>;
  /**
   * The shopper's intent: 2 when the goods' level-3 category is named in the keyword, +1 when
   * its brand is (华为手机: Huawei phones before Huawei phone cases).
   */
  intent: RawBuilder<number>;
  /** 1 when every term matches in the goods name (name matches over description) */
  inName: RawBuilder<number>;
  /** relevance in coarse steps, so near-equal scores fall back to the next order (sales) */
  relevanceStep: RawBuilder<number>;
}

/**
 * Relevance steps per natural-log unit of the score: log steps are scale-free, so they mean the
 * same for bm25 and ts_rank; scores within about 40 % of each other tie.
 */
const STEPS_PER_LOG_UNIT = 3;

/** Builds the search of a keyword; null when it holds nothing searchable (only punctuation…). */
export function goodsSearch(dialect: DialectName, keyword: string): GoodsSearch | null {
  const query = parseQuery(keyword);
  if (query.terms.length === 0) return null;
  const words = normalize(keyword);
  const contains = (column: string) =>
    dialect === "sqlite" ? sql`instr(${words}, lower(${sql.raw(column)})) > 0` : sql`strpos(${words}, lower(${sql.raw(column)})) > 0`;
  const intent = sql<number>`(case when goods.category_id_3 in (select category_id from goods_category
      where level = 3 and length(category_name) >= 2 and ${contains("category_name")}) then 2 else 0 end
    + case when goods.brand_id in (select brand_id from goods_brand
      where length(brand_name) >= 2 and ${contains("brand_name")}) then 1 else 0 end)`;
  return dialect === "sqlite" ? fts5Search(toFts5Match(query), toFts5Match(query, "name"), intent) : tsvectorSearch(toTsQuery(query), toTsQuery(query, "A"), intent);
}

function fts5Search(match: string, nameMatch: string, intent: RawBuilder<number>): GoodsSearch {
  // bm25 is negative, lower is better. It may only be used in a query on the FTS table itself:
  // so the index is joined (not a derived table) and scored in the ORDER BY.
  const score = sql`-bm25(goods_search, ${sql.raw(FTS5_COLUMN_WEIGHTS.join(", "))})`;
  return {
    filter: (query) =>
      query
        .innerJoin(sql<{ rowid: number }>`goods_search`.as("goods_search"), (join) => join.on(sql`goods_search.rowid`, "=", sql.ref("goods.goods_id")))
        .where(sql<boolean>`goods_search match ${match}`) as unknown as typeof query,
    intent,
    inName: sql<number>`(case when goods_search.rowid in (select rowid from goods_search where goods_search match ${nameMatch}) then 1 else 0 end)`,
    relevanceStep: sql<number>`round(ln(${score}) * ${STEPS_PER_LOG_UNIT})`,
  };
}

function tsvectorSearch(tsquery: string, nameTsquery: string, intent: RawBuilder<number>): GoodsSearch {
  const terms = sql`to_tsquery('simple'::regconfig, ${tsquery})`;
  return {
    filter: (query) =>
      query
        .innerJoin(sql<{ goods_id: number }>`goods_search`.as("goods_search"), (join) => join.on(sql`goods_search.goods_id`, "=", sql.ref("goods.goods_id")))
        .where(sql<boolean>`goods_search.document @@ ${terms}`) as unknown as typeof query,
    intent,
    inName: sql<number>`(case when goods_search.document @@ to_tsquery('simple'::regconfig, ${nameTsquery}) then 1 else 0 end)`,
    relevanceStep: sql<number>`coalesce(round(ln(nullif(ts_rank(goods_search.document, ${terms}), 0)) * ${STEPS_PER_LOG_UNIT}), -1000)`,
  };
}
