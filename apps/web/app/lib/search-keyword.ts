/** SPEC §5/§9: a search keyword (goods, brands, stores) is at most 50 characters. */
export const KEYWORD_MAX_LENGTH = 50;

/** ?keyword= of a search page: trimmed and cut to the maximum, "" when absent. */
export function keywordParam(params: URLSearchParams): string {
  return (params.get("keyword") ?? "").trim().slice(0, KEYWORD_MAX_LENGTH);
}
