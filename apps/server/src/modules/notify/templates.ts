import { NOTIFY_KEYWORDS, NOTIFY_TEMPLATES, type NotifyKeywords, type NotifyTemplateItem } from "@shop/contract/domains/admin-notify";
import type { Db } from "../../db/unit-of-work.ts";

/** The buyer SMS templates as staff set them: a stored row overrides the default of its keywords. */
export async function readTemplates(db: Db): Promise<NotifyTemplateItem[]> {
  const stored = new Map((await db.selectFrom("notify_template").selectAll().execute()).map((row) => [row.keywords, row]));
  return NOTIFY_KEYWORDS.map((keywords) => {
    const defaults = NOTIFY_TEMPLATES[keywords];
    const row = stored.get(keywords);
    return {
      keywords, title: defaults.title, vars: defaults.vars,
      is_open: row ? (row.is_open === 1 ? 1 : 0) : 1,
      content: row?.content || defaults.content,
    };
  });
}

export async function readTemplate(db: Db, keywords: NotifyKeywords): Promise<NotifyTemplateItem> {
  return (await readTemplates(db)).find((template) => template.keywords === keywords)!;
}

/** Fills {name} variables; an unknown one stays as written (staff see it in the log and fix the text). */
export function renderTemplate(content: string, vars: Record<string, string>): string {
  return content.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
}
