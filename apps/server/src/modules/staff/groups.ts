import type { AdminStaffGroup } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { expectAffected, isUniqueViolation } from "../../db/conditional.ts";
import type { StaffCaller } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { logStaffAction } from "./staff-log.ts";
import { isPermission } from "./permissions.ts";

/**
 * Roles (/shopapi/user/*group), after the reference's Group model: a name and the permission names
 * its members hold (menu_array). Members read their role with every session check (tokens.ts), so
 * an edit applies from their next call. 管理员 (is_system) is neither edited nor deleted.
 */

export interface GroupInput {
  group_name: string;
  menu_array: string[];
  desc: string;
}

/** Every role, 管理员 first, with how many accounts are in it. */
export async function listGroups(db: Db): Promise<AdminStaffGroup[]> {
  const rows = await db
    .selectFrom("staff_group")
    .select((eb) => [
      "group_id", "group_name", "menu_array", "desc", "is_system", "create_time", "modify_time",
      eb.selectFrom("staff").select((inner) => inner.fn.countAll<number>().as("n")).whereRef("staff.group_id", "=", "staff_group.group_id").as("user_count"),
    ])
    .orderBy("is_system", "desc")
    .orderBy("group_id")
    .execute();
  return rows.map((row) => ({ ...row, user_count: Number(row.user_count ?? 0) }));
}

/**
 * The permission names of the input joined, without repeats; refuses an unknown name. No name is
 * forced in: signing in and the console's own calls need a staff session only (core/api.ts SIGNED_IN_STAFF).
 */
function menuArray(names: string[]): string {
  const unknown = names.find((name) => !isPermission(name));
  if (unknown !== undefined) fail(`未知的权限：${unknown}`);
  return [...new Set(names)].join(",");
}

async function refuseTwin(db: Db, name: string, exceptId = 0): Promise<void> {
  const twin = await db.selectFrom("staff_group").select("group_id").where("group_name", "=", name).where("group_id", "!=", exceptId).executeTakeFirst();
  if (twin) fail(`已有名为「${name}」的角色`);
}

/** A concurrent twin passed refuseTwin: the unique index answers, as the same message. */
async function guardTwin<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) fail(`已有名为「${name}」的角色`);
    throw error;
  }
}

export function addGroup(db: Db, caller: StaffCaller, input: GroupInput): Promise<{ group_id: number }> {
  const menu = menuArray(input.menu_array);
  return guardTwin(input.group_name, () =>
    unitOfWork(db, async (tx) => {
      await refuseTwin(tx, input.group_name);
      const { group_id } = await tx
        .insertInto("staff_group")
        .values({ group_name: input.group_name, menu_array: menu, desc: input.desc, is_system: 0, create_time: now() })
        .returning("group_id")
        .executeTakeFirstOrThrow();
      await logStaffAction(tx, caller, "user.addgroup", { type: "staff_group", id: group_id }, { group_name: input.group_name, menu_array: menu });
      return { group_id };
    }),
  );
}

/** The role row, refused when missing or 管理员. */
async function editableGroup(tx: Db, groupId: number): Promise<{ group_name: string }> {
  const group = await tx.selectFrom("staff_group").select(["group_name", "is_system"]).where("group_id", "=", groupId).executeTakeFirst();
  if (!group) return fail("角色不存在");
  if (group.is_system === 1) fail("管理员角色拥有全部权限，不能修改或删除");
  return group;
}

export function editGroup(db: Db, caller: StaffCaller, groupId: number, input: GroupInput): Promise<{ group_id: number }> {
  const menu = menuArray(input.menu_array);
  return guardTwin(input.group_name, () =>
    unitOfWork(db, async (tx) => {
      const before = await editableGroup(tx, groupId);
      await refuseTwin(tx, input.group_name, groupId);
      const result = await tx
        .updateTable("staff_group")
        .set({ group_name: input.group_name, menu_array: menu, desc: input.desc, modify_time: now() })
        .where("group_id", "=", groupId)
        .where("is_system", "=", 0)
        .executeTakeFirst();
      expectAffected(result, 1, "角色已被修改，请刷新后重试");
      await logStaffAction(tx, caller, "user.editgroup", { type: "staff_group", id: groupId }, { before: before.group_name, group_name: input.group_name, menu_array: menu });
      return { group_id: groupId };
    }),
  );
}

/** Refused while accounts are in it (move them to another role first). */
export function deleteGroup(db: Db, caller: StaffCaller, groupId: number): Promise<{ group_id: number }> {
  return unitOfWork(db, async (tx) => {
    const group = await editableGroup(tx, groupId);
    const members = await tx.selectFrom("staff").select((eb) => eb.fn.countAll<number>().as("n")).where("group_id", "=", groupId).executeTakeFirstOrThrow();
    if (Number(members.n) > 0) fail(`角色「${group.group_name}」下还有 ${Number(members.n)} 名员工，请先为他们更换角色`);
    // conditional on still having no members: an account added to it meanwhile keeps it
    const result = await tx
      .deleteFrom("staff_group")
      .where("group_id", "=", groupId)
      .where("is_system", "=", 0)
      .where((eb) => eb.not(eb.exists(eb.selectFrom("staff").select("staff_id").where("staff.group_id", "=", groupId))))
      .executeTakeFirst();
    expectAffected(result, 1, "角色已被删除或刚有员工加入，请刷新后重试");
    await logStaffAction(tx, caller, "user.deletegroup", { type: "staff_group", id: groupId }, { group_name: group.group_name });
    return { group_id: groupId };
  });
}
