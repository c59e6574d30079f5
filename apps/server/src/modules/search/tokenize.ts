/**
 * The one tokenizer of goods search, used for indexing and for queries, so both sides agree.
 *
 * Text is normalised (NFKC, lower case) and cut into runs: CJK runs and latin/digit runs; anything
 * else separates. A document indexes, for each CJK run, its characters (1-character queries), its
 * character bigrams (2-character words such as 手机, 耳机 match wherever they occur) and the longer
 * words Intl.Segmenter finds (an exact-word bonus); latin runs index themselves and, when they mix
 * letters and digits, their parts ("k12" → k12, k, 12).
 *
 * The databases only see space-separated tokens (SQLite FTS5 unicode61, PostgreSQL 'simple').
 */

/** CJK ideographs of the Basic Multilingual Plane: one UTF-16 unit each, so slicing by index is safe. */
const CJK_CHAR = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u;
const RUN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+|[a-z0-9]+/gu;
const LATIN_PARTS = /[a-z]+|[0-9]+/g;

const segmenter = new Intl.Segmenter("zh", { granularity: "word" });

export interface Run {
  cjk: boolean;
  text: string;
}

export const normalize = (text: string): string => text.normalize("NFKC").toLowerCase();

export function runsOf(text: string): Run[] {
  return [...normalize(text).matchAll(RUN)].map(([run]) => ({ cjk: CJK_CHAR.test(run), text: run }));
}

/** Bigrams of a CJK run ("蓝牙耳机" → 蓝牙 牙耳 耳机); a 1-character run has none. */
export function bigrams(run: string): string[] {
  return Array.from({ length: Math.max(0, run.length - 1) }, (_, index) => run.slice(index, index + 2));
}

/** The words Intl.Segmenter finds in a CJK run. */
export const segmentWords = (run: string): string[] =>
  [...segmenter.segment(run)].filter((segment) => segment.isWordLike).map((segment) => segment.segment);

const latinParts = (run: string): string[] => run.match(LATIN_PARTS) ?? [];

function runTokens(run: Run): string[] {
  if (!run.cjk) {
    const parts = latinParts(run.text);
    return parts.length > 1 ? [run.text, ...parts] : [run.text];
  }
  return [...run.text, ...bigrams(run.text), ...segmentWords(run.text).filter((word) => word.length >= 3)];
}

/**
 * Tokens of runs already seen: catalog text repeats (brands, categories, selling points) and
 * Intl.Segmenter is the slow part of indexing. Bounded: emptied when full.
 */
const runTokenCache = new Map<string, string[]>();
const RUN_CACHE_SIZE = 50_000;

function cachedRunTokens(run: Run): string[] {
  let tokens = runTokenCache.get(run.text);
  if (!tokens) {
    if (runTokenCache.size >= RUN_CACHE_SIZE) runTokenCache.clear();
    tokens = runTokens(run);
    runTokenCache.set(run.text, tokens);
  }
  return tokens;
}

/** The tokens one field indexes, space-separated, for the database's full-text column. */
export function indexTokens(text: string): string {
  return runsOf(text).flatMap(cachedRunTokens).join(" ");
}

/**
 * A parsed query: every term must match (AND). A term matches when any of its alternatives does
 * (OR), and an alternative when all of its tokens are in the document (AND). `prefix` asks for the
 * last latin token to match as a prefix (search suggestions while typing).
 */
export type QueryTerm = string[][];

export interface ParsedQuery {
  terms: QueryTerm[];
  /** the final latin token matches as a prefix */
  prefix: boolean;
}

/**
 * Turns a keyword into terms. A CJK run of 1–2 characters is one token. Longer runs are split by
 * Intl.Segmenter: a 2-character word is its bigram; a longer word is itself or all its bigrams;
 * a lone character is paired with its neighbour in the run (华为手机 → 华|为|手机 → 华为, 华为 or
 * 为手, 手机), so segmentation noise never demands an unrelated single character.
 */
export function parseQuery(keyword: string, options: { prefix?: boolean } = {}): ParsedQuery {
  const terms: QueryTerm[] = [];
  const runs = runsOf(keyword);
  for (const run of runs) {
    if (!run.cjk) terms.push([[run.text]]);
    else terms.push(...cjkTerms(run.text));
  }
  const last = runs.at(-1);
  return { terms: dropImplied(terms), prefix: Boolean(options.prefix && last && !last.cjk) };
}

function cjkTerms(run: string): QueryTerm[] {
  if (run.length <= 2) return [[[run]]];
  const terms: QueryTerm[] = [];
  for (const { segment: word, index } of segmenter.segment(run)) {
    if (word.length === 1) {
      const pairs = [run.slice(Math.max(0, index - 1), index + 1), run.slice(index, index + 2)];
      terms.push(pairs.filter((pair) => pair.length === 2).map((pair) => [pair]));
    } else if (word.length === 2) {
      terms.push([[word]]);
    } else {
      terms.push([[word], bigrams(word)]);
    }
  }
  return terms;
}

/**
 * Drops repeated terms and terms already implied by the single-token terms
 * (华为手机: "华为 or 为手" is implied by the term 华为).
 */
function dropImplied(terms: QueryTerm[]): QueryTerm[] {
  const required = new Set(terms.filter((term) => term.length === 1 && term[0]!.length === 1).map((term) => term[0]![0]!));
  const seen = new Set<string>();
  return terms.filter((term) => {
    const key = JSON.stringify(term);
    if (seen.has(key)) return false;
    seen.add(key);
    const single = term.length === 1 && term[0]!.length === 1;
    return single || !term.some((alternative) => alternative.every((token) => required.has(token)));
  });
}
