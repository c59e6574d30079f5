import type { MemberLabelInput, StaffMemberLabel } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import type { StaffCaller } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { logStaffAction } from "../staff/staff-log.ts";

/** Member labels (reference Memberlabel.php): staff name groups of members and filter the list by them. */
export async function listLabels(db: Db): Promise<StaffMemberLabel[]> {
  const rows = await db
    .selectFrom("member_label")
    .select(["label_id", "label_name", "remark", "sort", "create_time"])
    .select((eb) =>
      eb.selectFrom("member_label_member as tag").select((inner) => inner.fn.countAll<number>().as("count")).whereRef("tag.label_id", "=", "member_label.label_id").as("member_count"),
    )
    .orderBy("sort")
    .orderBy("label_id")
    .execute();
  return rows.map((row) => ({ ...row, member_count: Number(row.member_count ?? 0) }));
}

async function checkName(tx: Db, name: string, labelId: number): Promise<void> {
  const clash = await tx.selectFrom("member_label").select("label_id").where("label_name", "=", name).where("label_id", "!=", labelId).executeTakeFirst();
  if (clash) fail(`标签「${name}」已存在`);
}

export function addLabel(db: Db, caller: StaffCaller, input: MemberLabelInput): Promise<{ label_id: number }> {
  return unitOfWork(db, async (tx) => {
    await checkName(tx, input.label_name, 0);
    const { label_id } = await tx.insertInto("member_label").values({ ...input, create_time: now() }).returning("label_id").executeTakeFirstOrThrow();
    await logStaffAction(tx, caller, "memberlabel.add", { type: "member_label", id: label_id }, { ...input });
    return { label_id };
  });
}

export function editLabel(db: Db, caller: StaffCaller, labelId: number, input: MemberLabelInput): Promise<{ label_id: number }> {
  return unitOfWork(db, async (tx) => {
    await checkName(tx, input.label_name, labelId);
    const updated = await tx.updateTable("member_label").set(input).where("label_id", "=", labelId).executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return fail("标签不存在");
    await logStaffAction(tx, caller, "memberlabel.edit", { type: "member_label", id: labelId }, { ...input });
    return { label_id: labelId };
  });
}

export function deleteLabel(db: Db, caller: StaffCaller, labelId: number): Promise<null> {
  return unitOfWork(db, async (tx) => {
    const deleted = await tx.deleteFrom("member_label").where("label_id", "=", labelId).executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) return fail("标签不存在");
    await tx.deleteFrom("member_label_member").where("label_id", "=", labelId).execute();
    await logStaffAction(tx, caller, "memberlabel.delete", { type: "member_label", id: labelId });
    return null;
  });
}

/** Gives the members exactly these labels (the reference's 设置标签 replaces a member's labels). */
export function setMemberLabels(db: Db, caller: StaffCaller, memberIds: number[], labelIds: number[]): Promise<{ changed: number }> {
  const members = [...new Set(memberIds)];
  const labels = [...new Set(labelIds)];
  return unitOfWork(db, async (tx) => {
    const found = await tx.selectFrom("member").select("member_id").where("member_id", "in", members).execute();
    if (found.length !== members.length) return fail("会员不存在");
    if (labels.length > 0) {
      const known = await tx.selectFrom("member_label").select("label_id").where("label_id", "in", labels).execute();
      if (known.length !== labels.length) return fail("标签不存在");
    }
    await tx.deleteFrom("member_label_member").where("member_id", "in", members).execute();
    const rows = members.flatMap((member_id) => labels.map((label_id) => ({ member_id, label_id })));
    if (rows.length > 0) await tx.insertInto("member_label_member").values(rows).execute();
    await logStaffAction(tx, caller, "member.modifylabel", { type: "member", id: members.join(",") }, { member_ids: members, label_ids: labels });
    return { changed: members.length };
  });
}
