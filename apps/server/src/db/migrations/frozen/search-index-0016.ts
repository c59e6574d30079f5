import { sql, type Kysely } from "kysely";

/**
 * FROZEN with migration 0016 (frozen/README.md): the SQLite search index rebuild exactly as the
 * search module ran it when 0016 was written (modules/search at commit d001a1e: search-index.ts
 * rebuildSearchIndex, search-documents.ts, suggest-index.ts, the indexing half of tokenize.ts).
 * Never change it: the search module moves on (a new tokenizer reindexes through a migration or
 * `npm run reindex` of its own), this copy stays what 0016 did. search-index-0016.test.ts pins its
 * output.
 *
 * Only the SQLite side: 0016 changes nothing on PostgreSQL. CJK words of three characters and
 * more come from Intl.Segmenter, as in the live tokenizer: they follow the ICU data of the Node
 * that runs it, the one thing here that is not pinned.
 */

/** Goods read and written per statement (the 100,000-SKU seed has ~34,000 goods). */
const BATCH = 500;
/** Longest suggestion kept (the search box takes 50 characters). */
const MAX_KEYWORD_LENGTH = 50;
/** The prefix of a word token by its field: name, identity (brand, category, keywords), description. */
const FIELD_PREFIX = { name: "n", identity: "i", intro: "d" } as const;

interface GoodsSource {
  goods_id: number;
  goods_name: string;
  brand_name: string;
  keywords: string;
  introduction: string;
  category_id_1: number;
  category_id_2: number;
  category_id_3: number;
}
interface CategoryNames {
  category_name: string;
  short_name: string;
}
interface Tables {
  goods: GoodsSource & { goods_state: number; is_delete: number };
  goods_category: CategoryNames & { category_id: number };
}

// ---- the indexing tokenizer (tokenize.ts indexTokens) ----

const CJK_CHAR = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u;
const RUN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+|[a-z0-9]+/gu;
const LATIN_PARTS = /[a-z]+|[0-9]+/g;
const segmenter = new Intl.Segmenter("zh", { granularity: "word" });

function runTokens(run: string): string[] {
  if (!CJK_CHAR.test(run)) {
    const parts = run.match(LATIN_PARTS) ?? [];
    return parts.length > 1 ? [run, ...parts] : [run];
  }
  const bigrams = Array.from({ length: Math.max(0, run.length - 1) }, (_, index) => run.slice(index, index + 2));
  const words = [...segmenter.segment(run)].filter((segment) => segment.isWordLike).map((segment) => segment.segment);
  return [...run, ...bigrams, ...words.filter((word) => word.length >= 3)];
}

/** Space-separated tokens of a text; `seen` keeps the tokens of runs already cut (catalog text repeats). */
function indexTokens(text: string, seen: Map<string, string[]>): string {
  const runs = [...text.normalize("NFKC").toLowerCase().matchAll(RUN)].map(([run]) => run);
  return runs
    .flatMap((run) => {
      let tokens = seen.get(run);
      if (!tokens) seen.set(run, (tokens = runTokens(run)));
      return tokens;
    })
    .join(" ");
}

// ---- documents (search-documents.ts toDocument, prefixedTerms) ----

function documentTerms(source: GoodsSource, categoryNames: Map<number, CategoryNames>, seen: Map<string, string[]>): string {
  // A level-1 category is indexed by its short name only (手机数码 would make every camera a 手机).
  const categories = new Set([categoryNames.get(source.category_id_1)?.short_name ?? ""]);
  for (const id of [source.category_id_2, source.category_id_3]) {
    const names = categoryNames.get(id);
    if (names) categories.add(names.category_name).add(names.short_name);
  }
  const tokens = (text: string) => indexTokens(text, seen);
  const prefixed = (prefix: string, text: string) => (text ? text.split(" ").map((token) => prefix + token) : []);
  const identity = [tokens(source.brand_name), tokens([...categories].join(" ")), tokens(source.keywords.replace(/[,，]/g, " "))];
  return [
    ...prefixed(FIELD_PREFIX.name, tokens(source.goods_name)),
    ...identity.flatMap((text) => prefixed(FIELD_PREFIX.identity, text)),
    ...prefixed(FIELD_PREFIX.intro, tokens(source.introduction)),
  ].join(" ");
}

// ---- suggestion words (suggest-index.ts SuggestionCounter) ----

/** Counts the goods behind each word: brand, level-3 category, keywords, and brand + keyword. */
function countSuggestion(counts: Map<string, number>, source: GoodsSource, categoryNames: Map<number, CategoryNames>): void {
  const brand = source.brand_name.trim();
  const leaf = categoryNames.get(source.category_id_3)?.category_name.trim() ?? "";
  const keywords = source.keywords.split(/[,，]/).map((word) => word.trim());
  const words = new Set([brand, leaf, ...keywords].filter(Boolean));
  if (brand) for (const word of [...words]) if (word !== brand) words.add(`${brand} ${word}`);
  for (const word of words) {
    if (word.length <= MAX_KEYWORD_LENGTH) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
}

// ---- the rebuild (search-index.ts rebuildSearchIndex, SQLite) ----

/** Indexes every goods on sale from scratch, then the suggestion words; compacts and analyzes. */
export async function rebuildSqliteSearchIndex0016(untyped: Kysely<unknown>): Promise<void> {
  const work = async (trx: Kysely<Tables>) => {
    // Emptied at once rather than entry by entry by the documents' delete trigger.
    await sql`insert into goods_search (goods_search) values ('delete-all')`.execute(trx);
    await sql`delete from goods_search_doc`.execute(trx);
    const categoryRows = await trx.selectFrom("goods_category").select(["category_id", "category_name", "short_name"]).execute();
    const categoryNames = new Map<number, CategoryNames>(categoryRows.map((row) => [row.category_id, row]));
    const seen = new Map<string, string[]>();
    const suggestions = new Map<string, number>();
    for (let after = 0; ; ) {
      const sources = await trx
        .selectFrom("goods")
        .select(["goods_id", "goods_name", "brand_name", "keywords", "introduction", "category_id_1", "category_id_2", "category_id_3"])
        .where("goods_state", "=", 1)
        .where("is_delete", "=", 0)
        .where("goods_id", ">", after)
        .orderBy("goods_id")
        .limit(BATCH)
        .execute();
      if (sources.length === 0) break;
      // The triggers of 0016 put each goods on sale into goods_search, at its rank key.
      const rows = sources.map((source) => sql`(${source.goods_id}, ${documentTerms(source, categoryNames, seen)})`);
      await sql`insert into goods_search_doc (goods_id, terms) values ${sql.join(rows)}`.execute(trx);
      sources.forEach((source) => countSuggestion(suggestions, source, categoryNames));
      after = sources.at(-1)!.goods_id;
    }
    await sql`delete from goods_search_suggest`.execute(trx);
    const entries = [...suggestions];
    for (let start = 0; start < entries.length; start += BATCH) {
      const rows = entries.slice(start, start + BATCH).map(([keyword, count]) => sql`(${indexTokens(keyword, seen)}, ${keyword}, ${count})`);
      await sql`insert into goods_search_suggest (tokens, keyword, goods_count) values ${sql.join(rows)}`.execute(trx);
    }
    await sql`insert into goods_search (goods_search) values ('optimize')`.execute(trx);
    await sql`analyze`.execute(trx);
  };
  const db = untyped as Kysely<Tables>;
  await (db.isTransaction ? work(db) : db.transaction().execute(work));
}
