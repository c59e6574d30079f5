import { sql, type SqlBool } from "kysely";
import type { MemberLabelTag, MemberListQuery, Page, StaffMemberRow } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { yuan } from "../../core/money.ts";
import { paginate } from "../../core/paging.ts";

/**
 * The staff member list (/shopapi/member/memberlist). Filters are indexed columns (level, register
 * time, status) or a label (its own index), and the page is sorted on a column of member alone, so a
 * large member table is read one page at a time; search_text is a substring of nickname, username or
 * mobile (a scan, as in the reference).
 */
const SORT_COLUMN = {
  reg_time: "member.reg_time",
  last_login_time: "member.last_login_time",
  balance: "member.balance_cents",
  point: "member.point",
  growth: "member.growth",
} as const;

/** `column` contains `text`: "%" and "_" typed by staff are meant literally. */
const contains = (column: string, text: string) =>
  sql<SqlBool>`${sql.ref(column)} like ${`%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`} escape '\\'`;

const ROW_COLUMNS = [
  "member.member_id", "member.username", "member.nickname", "member.mobile", "member.headimg", "member.member_level",
  "member.balance_cents", "member.point", "member.growth", "member.status", "member.reg_time", "member.last_login_time",
  "member_level.level_name",
] as const;

const memberRows = (db: Db) => db.selectFrom("member").leftJoin("member_level", "member_level.level_id", "member.member_level");

export async function listMembers(db: Db, query: MemberListQuery): Promise<Page<StaffMemberRow>> {
  let rows = memberRows(db);
  if (query.search_text) {
    const text = query.search_text;
    rows = rows.where((eb) => eb.or([contains("member.nickname", text), contains("member.username", text), contains("member.mobile", text)]));
  }
  if (query.level_id !== undefined) rows = rows.where("member.member_level", "=", query.level_id);
  if (query.status !== undefined) rows = rows.where("member.status", "=", query.status);
  if (query.start_time !== undefined) rows = rows.where("member.reg_time", ">=", query.start_time);
  if (query.end_time !== undefined) rows = rows.where("member.reg_time", "<=", query.end_time);
  if (query.label_id !== undefined) {
    const labelId = query.label_id;
    rows = rows.where((eb) =>
      eb.exists(
        eb.selectFrom("member_label_member as tag").select("tag.id").whereRef("tag.member_id", "=", "member.member_id").where("tag.label_id", "=", labelId),
      ),
    );
  }
  const page = await paginate(
    db,
    rows.select(ROW_COLUMNS).orderBy(SORT_COLUMN[query.order_field], query.order_dir).orderBy("member.member_id", query.order_dir),
    query,
  );
  return { ...page, list: await toStaffRows(db, page.list) };
}

/** One member's list row, undefined when there is no such member. */
export async function findMemberRow(db: Db, memberId: number): Promise<StaffMemberRow | undefined> {
  const row = await memberRows(db).select(ROW_COLUMNS).where("member.member_id", "=", memberId).executeTakeFirst();
  return row ? (await toStaffRows(db, [row]))[0] : undefined;
}

interface SelectedRow {
  member_id: number; username: string | null; nickname: string; mobile: string | null; headimg: string; member_level: number;
  balance_cents: number; point: number; growth: number; status: number; reg_time: number; last_login_time: number; level_name: string | null;
}

async function toStaffRows(db: Db, rows: SelectedRow[]): Promise<StaffMemberRow[]> {
  const labels = await labelsOf(db, rows.map((row) => row.member_id));
  return rows.map((row) => ({
    member_id: row.member_id,
    username: row.username ?? "",
    nickname: row.nickname,
    mobile: row.mobile ?? "",
    headimg: row.headimg,
    member_level: row.member_level,
    member_level_name: row.level_name ?? "",
    balance: yuan(Number(row.balance_cents)),
    point: Number(row.point),
    growth: Number(row.growth),
    status: row.status,
    reg_time: row.reg_time,
    last_login_time: row.last_login_time,
    labels: labels.get(row.member_id) ?? [],
  }));
}

/** The labels of each of the members, by sort then name. */
export async function labelsOf(db: Db, memberIds: number[]): Promise<Map<number, MemberLabelTag[]>> {
  const byMember = new Map<number, MemberLabelTag[]>();
  if (memberIds.length === 0) return byMember;
  const rows = await db
    .selectFrom("member_label_member as tag")
    .innerJoin("member_label", "member_label.label_id", "tag.label_id")
    .select(["tag.member_id", "member_label.label_id", "member_label.label_name"])
    .where("tag.member_id", "in", memberIds)
    .orderBy("member_label.sort")
    .orderBy("member_label.label_name")
    .execute();
  for (const row of rows) {
    const list = byMember.get(row.member_id) ?? [];
    list.push({ label_id: row.label_id, label_name: row.label_name });
    byMember.set(row.member_id, list);
  }
  return byMember;
}
