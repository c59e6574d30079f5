import { sql, type Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { DialectName } from "../../db/connect.ts";
import type { CategoryNames, DocumentSource } from "./search-documents.ts";
import { indexTokens } from "./tokenize.ts";

/** Longest suggestion kept (the search box takes 50 characters). */
const MAX_KEYWORD_LENGTH = 50;
const BATCH = 500;

export interface SuggestionEntry {
  keyword: string;
  goods_count: number;
}

/**
 * Collects suggestion words while the index is rebuilt, counting the goods behind each: the
 * goods' brand, its level-3 category, its keywords, and brand + keyword ("华为 5G手机").
 */
export class SuggestionCounter {
  private readonly counts = new Map<string, number>();

  constructor(private readonly categoryNames: Map<number, CategoryNames>) {}

  add(source: DocumentSource): void {
    const brand = source.brand_name.trim();
    const leaf = this.categoryNames.get(source.category_id_3)?.category_name.trim() ?? "";
    const keywords = source.keywords.split(/[,，]/).map((word) => word.trim());
    const words = new Set([brand, leaf, ...keywords].filter(Boolean));
    if (brand) for (const word of [...words]) if (word !== brand) words.add(`${brand} ${word}`);
    for (const word of words) {
      if (word.length <= MAX_KEYWORD_LENGTH) this.counts.set(word, (this.counts.get(word) ?? 0) + 1);
    }
  }

  entries(): SuggestionEntry[] {
    return [...this.counts].map(([keyword, goods_count]) => ({ keyword, goods_count }));
  }
}

/** Replaces the suggestion words; returns how many were written. */
export async function writeSuggestions(db: Kysely<DB>, dialect: DialectName, entries: SuggestionEntry[]): Promise<number> {
  await sql`delete from goods_search_suggest`.execute(db);
  for (let start = 0; start < entries.length; start += BATCH) {
    const rows = entries.slice(start, start + BATCH).map(({ keyword, goods_count }) => {
      const tokens = indexTokens(keyword);
      return dialect === "sqlite"
        ? sql`(${tokens}, ${keyword}, ${goods_count})`
        : sql`(${keyword}, ${goods_count}, to_tsvector('simple'::regconfig, ${tokens}))`;
    });
    const columns = sql.raw(dialect === "sqlite" ? "(tokens, keyword, goods_count)" : "(keyword, goods_count, document)");
    await sql`insert into goods_search_suggest ${columns} values ${sql.join(rows)}`.execute(db);
  }
  return entries.length;
}
