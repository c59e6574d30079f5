import type { ParsedQuery } from "./tokenize.ts";

/**
 * A parsed query in each database's full-text syntax. Tokens hold only letters, digits and CJK
 * characters (tokenize.ts), so quoting them is enough to keep them literal.
 */
interface Syntax {
  token(token: string, prefix: boolean): string;
  and: string;
  or: string;
}

function render({ terms, prefix }: ParsedQuery, syntax: Syntax): string {
  const group = (parts: string[], operator: string) => (parts.length === 1 ? parts[0]! : `(${parts.join(operator)})`);
  return terms
    .map((term, termIndex) => {
      const lastTerm = termIndex === terms.length - 1;
      return group(
        term.map((alternative) =>
          group(alternative.map((token, index) => syntax.token(token, prefix && lastTerm && index === alternative.length - 1)), syntax.and),
        ),
        syntax.or,
      );
    })
    .join(syntax.and);
}

/**
 * The MATCH expression of SQLite FTS5; "" without terms. With `fields`, each token is looked for
 * under those field prefixes (goods_search indexes "n手机" for 手机 in a name, search-tables.ts):
 * `["n", "i"]` makes 手机 `("n手机" OR "i手机")`.
 */
export function toFts5Match(query: ParsedQuery, fields?: readonly string[]): string {
  const quoted = (token: string, prefix: boolean) => `"${token}"${prefix ? "*" : ""}`;
  const token = fields
    ? (text: string, prefix: boolean) =>
        fields.length === 1 ? quoted(fields[0] + text, prefix) : `(${fields.map((field) => quoted(field + text, prefix)).join(" OR ")})`
    : quoted;
  return render(query, { token, and: " AND ", or: " OR " });
}

/**
 * The text for PostgreSQL's to_tsquery('simple', …), optionally matching only lexemes of one
 * weight (A = the goods name); "" without terms.
 */
export function toTsQuery(query: ParsedQuery, weight = ""): string {
  return render(query, { token: (token, prefix) => `'${token}'${prefix || weight ? ":" : ""}${prefix ? "*" : ""}${weight}`, and: " & ", or: " | " });
}
