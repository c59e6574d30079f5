import { sql, type Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { DialectName } from "../../db/connect.ts";
import { inUnitOfWork } from "../../db/unit-of-work.ts";
import { loadCategoryNames, onSaleGoods, prefixedTerms, toDocument, type SearchDocument } from "./search-documents.ts";
import { SuggestionCounter, writeSuggestions } from "./suggest-index.ts";

/** Goods read and written per statement when indexing many (the 100,000-SKU seed has ~34,000 goods). */
const BATCH = 500;

/** Runs `work` in a transaction, or in the caller's one (the seed's, or a staff change's unit of work). */
const inTransaction = <T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> =>
  inUnitOfWork(db) ? work(db) : db.transaction().execute(work);

async function insertDocuments(db: Kysely<DB>, dialect: DialectName, documents: SearchDocument[]): Promise<void> {
  if (documents.length === 0) return;
  if (dialect === "sqlite") {
    // The triggers of migration 0016 put each goods on sale into goods_search, at its rank key.
    const rows = documents.map((doc) => sql`(${doc.goodsId}, ${prefixedTerms(doc)})`);
    await sql`insert into goods_search_doc (goods_id, terms) values ${sql.join(rows)}`.execute(db);
    return;
  }
  const weighted = (text: string, weight: "A" | "B" | "C") => sql`setweight(to_tsvector('simple'::regconfig, ${text}), ${sql.lit(weight)})`;
  const rows = documents.map(
    (doc) =>
      sql`(${doc.goodsId}, ${weighted(doc.name, "A")} || ${weighted([doc.brand, doc.category, doc.keywords].join(" "), "B")} || ${weighted(doc.intro, "C")})`,
  );
  await sql`insert into goods_search (goods_id, document) values ${sql.join(rows)}`.execute(db);
}

async function deleteDocuments(db: Kysely<DB>, dialect: DialectName, goodsIds: number[] | "all"): Promise<void> {
  if (dialect === "sqlite") {
    if (goodsIds === "all") {
      // Emptied at once rather than entry by entry by the documents' delete trigger.
      await sql`insert into goods_search (goods_search) values ('delete-all')`.execute(db);
      await sql`delete from goods_search_doc`.execute(db);
    } else if (goodsIds.length > 0) {
      await sql`delete from goods_search_doc where goods_id in (${sql.join(goodsIds)})`.execute(db);
    }
    return;
  }
  if (goodsIds === "all") await sql`delete from goods_search`.execute(db);
  else if (goodsIds.length > 0) await sql`delete from goods_search where goods_id in (${sql.join(goodsIds)})`.execute(db);
}

/**
 * Brings the index up to date for these goods (after they were added, edited, taken off the
 * shelf or deleted): each is removed, then indexed again when on sale. Suggestion words are
 * refreshed by the full rebuild only.
 */
export async function reindexGoods(db: Kysely<DB>, dialect: DialectName, goodsIds: number[]): Promise<void> {
  const ids = [...new Set(goodsIds)];
  await inTransaction(db, async (trx) => {
    const categoryNames = await loadCategoryNames(trx);
    for (let start = 0; start < ids.length; start += BATCH) {
      const batch = ids.slice(start, start + BATCH);
      await deleteDocuments(trx, dialect, batch);
      const sources = await onSaleGoods(trx).where("goods_id", "in", batch).execute();
      await insertDocuments(trx, dialect, sources.map((source) => toDocument(source, categoryNames)));
    }
  });
}

export interface RebuildSummary {
  goods: number;
  suggestions: number;
}

/** Indexes every goods on sale from scratch, in batches by goods id, and the suggestion words. */
export async function rebuildSearchIndex(db: Kysely<DB>, dialect: DialectName): Promise<RebuildSummary> {
  return inTransaction(db, async (trx) => {
    await deleteDocuments(trx, dialect, "all");
    const categoryNames = await loadCategoryNames(trx);
    const suggestions = new SuggestionCounter(categoryNames);
    let goods = 0;
    for (let after = 0; ; ) {
      const sources = await onSaleGoods(trx).where("goods_id", ">", after).orderBy("goods_id").limit(BATCH).execute();
      if (sources.length === 0) break;
      await insertDocuments(trx, dialect, sources.map((source) => toDocument(source, categoryNames)));
      sources.forEach((source) => suggestions.add(source));
      goods += sources.length;
      after = sources.at(-1)!.goods_id;
    }
    const written = await writeSuggestions(trx, dialect, suggestions.entries());
    await compactSearchIndex(trx, dialect);
    // A full rebuild follows bulk changes (the seed): refresh the planner's statistics, without
    // which SQLite picks a list index over the category index for category lists.
    await sql`analyze`.execute(trx);
    return { goods, suggestions: written };
  });
}

/**
 * SQLite: merges the index into one segment, a match then reads one entry list per token. Every
 * transaction that changes entries (a sale moves one) adds a small segment and leaves a tombstone
 * in the old one; FTS5 merges them by itself only now and then, so after thousands of sales a
 * search costs up to 2–3 times as much until compacted (~0.3 s for 34,000 goods).
 */
export async function compactSearchIndex(db: Kysely<DB>, dialect: DialectName): Promise<void> {
  if (dialect === "sqlite") await sql`insert into goods_search (goods_search) values ('optimize')`.execute(db);
}
