import type { FriendlyLinkInput, NavInput, StaffFriendlyLink, StaffNavItem } from "@shop/contract/domains/admin-content";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import type { StaffCaller } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { purgeTags } from "../../core/cache/public-cache.ts";
import { CacheTag } from "../../core/cache/tags.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { plainLink, reorder, storedLink } from "./content-admin-shared.ts";

/**
 * The page chrome's short lists in the back office: the header navigation (pc_nav) and the
 * footer's friendly links (pc_friendly_link). Both show on every page: writes purge the site tag.
 */

export async function listStaffNav(db: Db): Promise<StaffNavItem[]> {
  const rows = await db
    .selectFrom("pc_nav")
    .select(["id", "nav_title", "nav_url", "sort", "is_blank", "nav_icon", "is_show"])
    .orderBy("sort")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ ...row, nav_url: plainLink(row.nav_url) }));
}

export const listStaffLinks = (db: Db): Promise<StaffFriendlyLink[]> =>
  db
    .selectFrom("pc_friendly_link")
    .select(["id", "link_title", "link_url", "link_pic", "link_sort", "is_blank", "is_show"])
    .orderBy("link_sort")
    .orderBy("id")
    .execute();

/** One table's add, edit, delete and reorder, logged and purged alike. */
function chromeList<Input extends object>(spec: {
  table: "pc_nav" | "pc_friendly_link";
  name: string;
  action: string;
  columns: (input: Input) => Record<string, string | number>;
}) {
  const write = <T>(db: Db, work: (tx: Db) => Promise<T>) =>
    unitOfWork(db, async (tx) => {
      const result = await work(tx);
      await purgeTags({ db: tx }, [CacheTag.site]);
      return result;
    });
  const requireRow = async (tx: Db, id: number) => {
    const found = await tx.selectFrom(spec.table).select("id").where("id", "=", id).executeTakeFirst();
    if (!found) fail(`${spec.name}不存在`);
  };
  return {
    add: (db: Db, caller: StaffCaller, input: Input) =>
      write(db, async (tx) => {
        const { id } = await tx.insertInto(spec.table).values(spec.columns(input) as never).returning("id").executeTakeFirstOrThrow();
        await logStaffAction(tx, caller, `pc.add${spec.action}`, { type: spec.table, id }, spec.columns(input));
        return { id };
      }),
    edit: (db: Db, caller: StaffCaller, id: number, input: Input) =>
      write(db, async (tx) => {
        await requireRow(tx, id);
        await tx.updateTable(spec.table).set(spec.columns(input) as never).where("id", "=", id).execute();
        await logStaffAction(tx, caller, `pc.edit${spec.action}`, { type: spec.table, id }, spec.columns(input));
        return { id };
      }),
    remove: (db: Db, caller: StaffCaller, id: number) =>
      write(db, async (tx) => {
        await requireRow(tx, id);
        await tx.deleteFrom(spec.table).where("id", "=", id).execute();
        await logStaffAction(tx, caller, `pc.delete${spec.action}`, { type: spec.table, id });
        return null;
      }),
    sort: (db: Db, caller: StaffCaller, ids: number[]) =>
      write(db, async (tx) => {
        const current = await tx.selectFrom(spec.table).select("id").execute();
        await reorder(tx, spec.table, current.map((row) => row.id), ids, spec.name);
        await logStaffAction(tx, caller, `pc.${spec.action}sort`, { type: spec.table, id: "all" }, { ids });
        return null;
      }),
  };
}

export const navAdmin = chromeList<NavInput>({
  table: "pc_nav",
  name: "导航",
  action: "nav",
  columns: (input) => ({ ...input, nav_url: storedLink(input.nav_url) }),
});

export const friendlyLinkAdmin = chromeList<FriendlyLinkInput>({
  table: "pc_friendly_link",
  name: "友情链接",
  action: "link",
  columns: (input) => ({ ...input }),
});
