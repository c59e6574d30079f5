import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { indexTokens } from "./tokenize.ts";
import { FIELD_PREFIX } from "./search-tables.ts";

/** The goods columns a search document is made of. */
export const DOCUMENT_COLUMNS = [
  "goods_id", "goods_name", "brand_name", "keywords", "introduction", "category_id_1", "category_id_2", "category_id_3",
] as const;

export interface DocumentSource {
  goods_id: number;
  goods_name: string;
  brand_name: string;
  keywords: string;
  introduction: string;
  category_id_1: number;
  category_id_2: number;
  category_id_3: number;
}

/** One goods' fields as space-separated tokens. */
export interface SearchDocument {
  goodsId: number;
  name: string;
  brand: string;
  category: string;
  keywords: string;
  intro: string;
}

/** Only goods a shopper can buy are indexed (the list filters on the goods row as well). */
export const onSaleGoods = (db: Kysely<DB>) =>
  db.selectFrom("goods").select(DOCUMENT_COLUMNS).where("goods_state", "=", 1).where("is_delete", "=", 0);

export interface CategoryNames {
  category_name: string;
  short_name: string;
}

/** Names of every category by id (the table is small; one query per indexing run). */
export async function loadCategoryNames(db: Kysely<DB>): Promise<Map<number, CategoryNames>> {
  const rows = await db.selectFrom("goods_category").select(["category_id", "category_name", "short_name"]).execute();
  return new Map(rows.map((row) => [row.category_id, row]));
}

export function toDocument(source: DocumentSource, categoryNames: Map<number, CategoryNames>): SearchDocument {
  // A level-1 category is too broad to match by its name (手机数码 would make every camera a
  // 手机); its short name (数码) still finds the whole department.
  const top = categoryNames.get(source.category_id_1);
  const categories = new Set([top?.short_name ?? ""]);
  for (const id of [source.category_id_2, source.category_id_3]) {
    const names = categoryNames.get(id);
    if (names) categories.add(names.category_name).add(names.short_name);
  }
  return {
    goodsId: source.goods_id,
    name: indexTokens(source.goods_name),
    brand: indexTokens(source.brand_name),
    category: indexTokens([...categories].join(" ")),
    keywords: indexTokens(source.keywords.replace(/[,，]/g, " ")),
    intro: indexTokens(source.introduction),
  };
}

/** SQLite: a document's tokens, each prefixed by its field (search-tables.ts FIELD_PREFIX), in one text. */
export function prefixedTerms(doc: SearchDocument): string {
  const prefixed = (prefix: string, tokens: string) => (tokens ? tokens.split(" ").map((token) => prefix + token) : []);
  return [
    ...prefixed(FIELD_PREFIX.name, doc.name),
    ...[doc.brand, doc.category, doc.keywords].flatMap((tokens) => prefixed(FIELD_PREFIX.identity, tokens)),
    ...prefixed(FIELD_PREFIX.intro, doc.intro),
  ].join(" ");
}
