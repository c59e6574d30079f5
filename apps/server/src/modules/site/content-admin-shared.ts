import { sql } from "kysely";
import type { Db } from "../../db/unit-of-work.ts";
import { fail } from "../../core/errors.ts";

/**
 * Pieces every content back-office service shares: links stored in the reference's {"url": …}
 * form, and drag-and-drop reordering of a short list.
 */

/** A plain link as the reference stores it (adv_url, nav_url, floor block links): '{"url":"…"}', "" for none. */
export const storedLink = (url: string): string => (url ? JSON.stringify({ url }) : "");

/** A stored link back as the plain string the console edits (a plain stored value is kept). */
export function plainLink(stored: string): string {
  const text = stored.trim();
  if (!text.startsWith("{")) return text;
  try {
    const parsed: unknown = JSON.parse(text);
    const url = parsed && typeof parsed === "object" && "url" in parsed ? (parsed as { url: unknown }).url : "";
    return typeof url === "string" ? url : "";
  } catch {
    return "";
  }
}

/** The tables whose rows the console orders by dragging, with their key and sort columns. */
const ORDERED = {
  adv: ["adv_id", "slide_sort"],
  pc_floor: ["id", "sort"],
  pc_nav: ["id", "sort"],
  pc_friendly_link: ["id", "link_sort"],
  article_category: ["category_id", "sort"],
  help_class: ["class_id", "sort"],
} as const;
export type OrderedTable = keyof typeof ORDERED;

/**
 * Gives the rows their new order (sort = position in `ids`). `ids` must be exactly the rows of the
 * list (`current`): a row added or deleted by someone else meanwhile fails the call instead of
 * leaving two rows at one place.
 */
export async function reorder(tx: Db, table: OrderedTable, current: readonly number[], ids: readonly number[], what: string): Promise<void> {
  const known = new Set(current);
  if (ids.length !== known.size || ids.some((id) => !known.has(id))) fail(`${what}列表已变化，请刷新后再排序`);
  const [idColumn, sortColumn] = ORDERED[table];
  for (const [index, id] of ids.entries()) {
    await sql`update ${sql.table(table)} set ${sql.ref(sortColumn)} = ${index} where ${sql.ref(idColumn)} = ${id}`.execute(tx);
  }
}
