import { sql } from "kysely";
import type { DocGroupInput, StaffDocGroup } from "@shop/contract/domains/admin-content-docs";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import type { StaffCaller } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { purgeTags } from "../../core/cache/public-cache.ts";
import { CacheTag } from "../../core/cache/tags.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { reorder } from "../site/content-admin-shared.ts";

/**
 * The groups documents sit in: article categories and help classes. Both are a name and a sort;
 * one piece serves them (GROUPS names the columns). A group holding documents is not deleted
 * (its documents would lose their heading on the storefront).
 */
const GROUPS = {
  article_category: { id: "category_id", name: "category_name", docs: "article", docGroup: "category_id", label: "文章分类", action: "articlecategory" },
  help_class: { id: "class_id", name: "class_name", docs: "help", docGroup: "class_id", label: "帮助分类", action: "help.class" },
} as const;
export type GroupTable = keyof typeof GROUPS;

export async function listGroups(db: Db, table: GroupTable): Promise<StaffDocGroup[]> {
  const g = GROUPS[table];
  const { rows } = await sql<{ id: number; name: string; sort: number; doc_count: number | string }>`
    select g.${sql.ref(g.id)} as id, g.${sql.ref(g.name)} as name, g.sort as sort,
      (select count(*) from ${sql.table(g.docs)} d where d.${sql.ref(g.docGroup)} = g.${sql.ref(g.id)}) as doc_count
    from ${sql.table(table)} g order by g.sort, g.${sql.ref(g.id)}`.execute(db);
  return rows.map((row) => ({ id: Number(row.id), name: row.name, sort: Number(row.sort), doc_count: Number(row.doc_count) }));
}

/** The group exists (a document's category or class), else the call fails naming it. */
export async function requireGroup(tx: Db, table: GroupTable, id: number): Promise<string> {
  const g = GROUPS[table];
  const { rows } = await sql<{ name: string }>`select ${sql.ref(g.name)} as name from ${sql.table(table)} where ${sql.ref(g.id)} = ${id}`.execute(tx);
  return rows[0]?.name ?? fail(`${g.label}不存在`);
}

async function checkUniqueName(tx: Db, table: GroupTable, name: string, exceptId: number): Promise<void> {
  const g = GROUPS[table];
  const { rows } = await sql<{ id: number }>`select ${sql.ref(g.id)} as id from ${sql.table(table)} where ${sql.ref(g.name)} = ${name} and ${sql.ref(g.id)} <> ${exceptId}`.execute(tx);
  if (rows.length) fail(`${g.label}「${name}」已存在`);
}

const write = <T>(db: Db, work: (tx: Db) => Promise<T>) =>
  unitOfWork(db, async (tx) => {
    const result = await work(tx);
    await purgeTags({ db: tx }, [CacheTag.cms]);
    return result;
  });

export function addGroup(db: Db, caller: StaffCaller, table: GroupTable, input: DocGroupInput): Promise<{ id: number }> {
  const g = GROUPS[table];
  return write(db, async (tx) => {
    await checkUniqueName(tx, table, input.name, 0);
    const { rows } = await sql<{ id: number }>`insert into ${sql.table(table)} (${sql.ref(g.name)}, sort) values (${input.name}, ${input.sort}) returning ${sql.ref(g.id)} as id`.execute(tx);
    const id = Number(rows[0]!.id);
    await logStaffAction(tx, caller, `${g.action}.add`, { type: table, id }, { ...input });
    return { id };
  });
}

export function editGroup(db: Db, caller: StaffCaller, table: GroupTable, id: number, input: DocGroupInput): Promise<{ id: number }> {
  const g = GROUPS[table];
  return write(db, async (tx) => {
    await requireGroup(tx, table, id);
    await checkUniqueName(tx, table, input.name, id);
    await sql`update ${sql.table(table)} set ${sql.ref(g.name)} = ${input.name}, sort = ${input.sort} where ${sql.ref(g.id)} = ${id}`.execute(tx);
    await logStaffAction(tx, caller, `${g.action}.edit`, { type: table, id }, { ...input });
    return { id };
  });
}

export function deleteGroup(db: Db, caller: StaffCaller, table: GroupTable, id: number): Promise<null> {
  const g = GROUPS[table];
  return write(db, async (tx) => {
    const name = await requireGroup(tx, table, id);
    // Conditional on its emptiness in the same statement: a document added meanwhile keeps it.
    const { numAffectedRows } = await sql`delete from ${sql.table(table)} where ${sql.ref(g.id)} = ${id}
      and not exists (select 1 from ${sql.table(g.docs)} where ${sql.ref(g.docGroup)} = ${id})`.execute(tx);
    if (Number(numAffectedRows ?? 0) !== 1) fail(`「${name}」下还有内容，请先删除或移走后再删除分类`);
    await logStaffAction(tx, caller, `${g.action}.delete`, { type: table, id }, { name });
    return null;
  });
}

export function sortGroups(db: Db, caller: StaffCaller, table: GroupTable, ids: number[]): Promise<null> {
  const g = GROUPS[table];
  return write(db, async (tx) => {
    const current = await listGroups(tx, table);
    await reorder(tx, table, current.map((row) => row.id), ids, g.label);
    await logStaffAction(tx, caller, `${g.action}.sort`, { type: table, id: "all" }, { ids });
    return null;
  });
}
