/** Number and table formatting shared by the report files. */

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const num = (value: number, digits = 0) => value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
export const ms = (value: number) => `${num(value, value < 10 ? 1 : 0)} ms`;
export const percent = (share: number) => `${num(share * 100, share < 0.1 ? 1 : 0)} %`;
export const rate = (value: number) => num(value, value < 100 ? 1 : 0);

/** A Markdown table; cells must not contain "|". */
export function table(head: string[], rows: string[][]): string {
  return [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((row) => `| ${row.join(" | ")} |`)].join("\n");
}
