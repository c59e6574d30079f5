import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { DialectName } from "../../db/connect.ts";
import { cached, DATA_TTL_MS } from "../../core/cache/public-cache.ts";
import { CacheTag } from "../../core/cache/tags.ts";
import { normalize, parseQuery } from "./tokenize.ts";
import { toFts5Match, toTsQuery } from "./match-syntax.ts";
import { FIELD_PREFIX, GOODS_ID_OF_ROWID } from "./search-tables.ts";

/**
 * A keyword search over the goods list (README.md, "Ranking"). The match only filters; the order
 * is made of the goods' own columns (intent, name match, sales), so a page of 20 never scores
 * every match and both databases order alike. SQLite reads its pages from the index in that
 * order (search-ranked.ts, with `plan` and `match`); PostgreSQL, and the facets of both, join the
 * matches to the goods (`filter`), and PostgreSQL sorts them (`intent`, `inName`).
 */
export interface GoodsSearch {
  /**
   * Joins the index to a goods query and keeps the goods matching every term in the search's
   * scope; `withInName` for an order by relevance (`inName`).
   */
  filter<O>(query: SelectQueryBuilder<DB, "goods", O>, withInName?: boolean): SelectQueryBuilder<DB, "goods", O>;
  /**
   * The shopper's intent: 2 when the goods' level-3 category is named in the keyword, +1 when
   * its brand is (华为手机: Huawei phones before Huawei phone cases).
   */
  intent: RawBuilder<number>;
  /** 1 when every term matches in the goods name (name matches over brand, category, keywords) */
  inName: RawBuilder<number>;
  /** the keyword's scope, named categories and brands */
  plan: SearchPlan;
  /** the keyword's match expression per target, in the database's syntax */
  match: Record<MatchTarget, string>;
}

/**
 * Where a keyword is looked for, from the narrowest: "identity" — what the goods is (brand,
 * category names, keywords); "named" — also its name, selling points included; "all" — also its
 * introduction. A search keeps the narrowest scope any goods on sale matches: 手机 finds the
 * phones and phone accessories (category, keywords), not the printers whose name or description
 * says 手机远程操作; a word only ever used in names (Mate, 120Hz) still finds those names.
 */
export type SearchScope = "identity" | "named" | "all";

/** What a keyword resolves to, once per keyword (cached): its scope and the categories and brands it names. */
export interface SearchPlan {
  scope: SearchScope;
  categoryIds: number[];
  brandIds: number[];
}

/** What a match is looked for in: a scope, or the goods name alone (`in_name`). */
export type MatchTarget = SearchScope | "name";

/**
 * Each target as the field prefixes of SQLite's tokens (search-tables.ts: name n; brand, category,
 * keywords i; intro d) and as tsvector weights (search-index.ts: name A; brand, category, keywords
 * B; intro C).
 */
const FTS5_FIELDS: Record<MatchTarget, string[]> = {
  identity: [FIELD_PREFIX.identity],
  named: [FIELD_PREFIX.name, FIELD_PREFIX.identity],
  all: [FIELD_PREFIX.name, FIELD_PREFIX.identity, FIELD_PREFIX.intro],
  name: [FIELD_PREFIX.name],
};
const TS_WEIGHTS: Record<MatchTarget, string> = { identity: "B", named: "AB", all: "", name: "A" };
const TARGETS = Object.keys(TS_WEIGHTS) as MatchTarget[];

/** A keyword's normalised words and its match text per target, in one database's syntax. */
interface CompiledKeyword {
  words: string;
  match: Record<MatchTarget, string>;
}

/**
 * Compiled keywords by database and keyword: a keyword is parsed (Intl.Segmenter) and rendered
 * once, not per request. Not data, so kept whatever DATA_CACHE says; bounded, oldest out first.
 */
const compiledKeywords = new Map<string, CompiledKeyword | null>();
const COMPILED_KEYWORDS_KEPT = 1000;

/** The compiled keyword; null when it holds nothing searchable (only punctuation…). */
function compileKeyword(dialect: DialectName, keyword: string): CompiledKeyword | null {
  const key = `${dialect}:${keyword}`;
  let compiled = compiledKeywords.get(key);
  if (compiled === undefined) {
    const query = parseQuery(keyword);
    const render = (target: MatchTarget) => (dialect === "sqlite" ? toFts5Match(query, FTS5_FIELDS[target]) : toTsQuery(query, TS_WEIGHTS[target]));
    const match = Object.fromEntries(TARGETS.map((target) => [target, render(target)])) as CompiledKeyword["match"];
    compiled = query.terms.length === 0 ? null : { words: normalize(keyword), match };
    compiledKeywords.set(key, compiled);
    if (compiledKeywords.size > COMPILED_KEYWORDS_KEPT) compiledKeywords.delete(compiledKeywords.keys().next().value!);
  }
  return compiled;
}

/** Builds the search of a keyword; null when it holds nothing searchable (only punctuation…). */
export async function goodsSearch(db: Kysely<DB>, dialect: DialectName, keyword: string): Promise<GoodsSearch | null> {
  const compiled = compileKeyword(dialect, keyword);
  if (!compiled) return null;
  // The plan changes with the catalog (goods-list) and with category or brand names.
  const plan = await cached({ db }, `goods-search-plan:${compiled.words}`, [CacheTag.goodsList, CacheTag.category, CacheTag.brand], DATA_TTL_MS, () =>
    planSearch(db, dialect, compiled),
  );
  return {
    filter: (goods, withInName = false) =>
      goods.innerJoin(hitsTable(dialect, compiled, plan.scope, withInName).as("search_hits"), (join) =>
        join.on(sql`search_hits.goods_id`, "=", sql.ref("goods.goods_id")),
      ) as unknown as typeof goods,
    intent: intentOf(plan),
    inName: sql<number>`search_hits.in_name`,
    plan,
    match: compiled.match,
  };
}

/**
 * The goods matching the keyword in a scope, as a derived table `(goods_id[, in_name])` to join
 * the goods to: the index is read once and the goods looked up by id in a covering index, never
 * the other way round (which PostgreSQL, misled by a LIMIT, picked: it walked every goods probing
 * the index). `in_name`: 1 when every term is in the goods name.
 */
function hitsTable(dialect: DialectName, { match }: CompiledKeyword, scope: SearchScope, withInName: boolean): RawBuilder<unknown> {
  if (dialect === "sqlite") {
    // The name match is an uncorrelated IN: SQLite runs it once per query, not per row.
    const inName = sql`, (case when rowid in (select rowid from goods_search where goods_search match ${match.name}) then 1 else 0 end) as in_name`;
    return sql`(select ${GOODS_ID_OF_ROWID} as goods_id ${withInName ? inName : sql``} from goods_search where goods_search match ${match[scope]})`;
  }
  const tsquery = (target: MatchTarget) => sql`to_tsquery('simple'::regconfig, ${match[target]})`;
  const inName = sql`, (case when document @@ ${tsquery("name")} then 1 else 0 end) as in_name`;
  // OFFSET 0 keeps the planner from pulling the hits into the outer query.
  return sql`(select goods_id ${withInName ? inName : sql``} from goods_search where document @@ ${tsquery(scope)} offset 0)`;
}

/**
 * One statement: the level-3 categories and brands named in the keyword (names of two or more
 * characters contained in it) and which narrow scopes some goods on sale matches: the narrowest
 * with goods is the search's.
 */
async function planSearch(db: Kysely<DB>, dialect: DialectName, compiled: CompiledKeyword): Promise<SearchPlan> {
  const { rows } = await (dialect === "sqlite" ? planStatementSqlite(compiled) : planStatementPostgres(compiled)).execute(db);
  const kinds = new Set(rows.map((row) => row.kind));
  const ids = (kind: string) => rows.filter((row) => row.kind === kind).map((row) => Number(row.id));
  const scope: SearchScope = kinds.has("identity") ? "identity" : kinds.has("named") ? "named" : "all";
  return { scope, categoryIds: ids("category"), brandIds: ids("brand") };
}

type PlanRow = { kind: string; id: number };

/**
 * SQLite: a name is contained in the keyword when it is one of the keyword's substrings, looked up
 * in the lower-case name indexes (migration 0016) rather than testing every name; the index holds
 * exactly the goods on sale (its triggers), so a scope has goods when its match has one entry.
 */
function planStatementSqlite({ words, match }: CompiledKeyword): RawBuilder<PlanRow> {
  const names = JSON.stringify(substrings(words));
  const hasEntry = (scope: SearchScope) => sql`exists (select 1 from goods_search where goods_search match ${match[scope]})`;
  return sql<PlanRow>`
    select 'category' as kind, category_id as id from goods_category where lower(category_name) in (select value from json_each(${names})) and level = 3
    union all
    select 'brand', brand_id from goods_brand where lower(brand_name) in (select value from json_each(${names}))
    union all
    select case when ${hasEntry("identity")} then 'identity' when ${hasEntry("named")} then 'named' else 'all' end, 1`;
}

/** Every substring of two or more characters (the names a keyword can contain; SQLite's instr() counts characters too). */
function substrings(words: string): string[] {
  const characters = Array.from(words);
  const found = new Set<string>();
  for (let start = 0; start < characters.length - 1; start++) {
    for (let end = start + 2; end <= characters.length; end++) found.add(characters.slice(start, end).join(""));
  }
  return [...found];
}

/** PostgreSQL: names tested against the keyword; a scope's hits are checked on the goods rows (its index is updated by the code, later). */
function planStatementPostgres(compiled: CompiledKeyword): RawBuilder<PlanRow> {
  const { words } = compiled;
  const contains = (column: string) => sql`strpos(${words}, lower(${sql.raw(column)})) > 0`;
  const onSaleHits = (scope: SearchScope) =>
    sql`${hitsTable("postgres", compiled, scope, false)} as hits join goods on goods.goods_id = hits.goods_id where goods.goods_state = 1 and goods.is_delete = 0`;
  return sql<PlanRow>`
    select 'category' as kind, category_id as id from goods_category
      where level = 3 and length(category_name) >= 2 and ${contains("category_name")}
    union all
    select 'brand', brand_id from goods_brand where length(brand_name) >= 2 and ${contains("brand_name")}
    union all
    select 'identity', 1 from (select 1 from ${onSaleHits("identity")} limit 1) as identity_hit
    union all
    select 'named', 1 from (select 1 from ${onSaleHits("named")} limit 1) as named_hit`;
}

/** 2 for goods of a named category, +1 for goods of a named brand (literal 0 when the keyword names none). */
function intentOf({ categoryIds, brandIds }: SearchPlan): RawBuilder<number> {
  const inList = (column: string, ids: number[], score: number) =>
    ids.length === 0 ? sql`0` : sql`case when ${sql.ref(column)} in (${sql.join(ids)}) then ${sql.lit(score)} else 0 end`;
  return sql<number>`(${inList("goods.category_id_3", categoryIds, 2)} + ${inList("goods.brand_id", brandIds, 1)})`;
}
