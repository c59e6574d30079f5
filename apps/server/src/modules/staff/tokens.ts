import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { now } from "../../core/time.ts";
import { hashToken } from "../auth/tokens.ts";
import type { SessionCheck, StaffIdentity } from "../../core/sessions.ts";
import { groupPermissions, permissionsOf } from "./permissions.ts";

/** Declared in core (handlers see it as ctx.staff); re-exported for the modules that name it. */
export type { StaffIdentity };

/** A staff session lasts a working day; staff log in again after it. */
export const STAFF_SESSION_SECONDS = 12 * 3600;

/** Random 256-bit token; only its sha256 is stored (like member tokens, in a table of its own). */
export async function issueStaffToken(db: Kysely<DB>, staffId: number, ip: string): Promise<{ token: string; expire_time: number }> {
  const token = crypto.randomBytes(32).toString("base64url");
  const created = now();
  const expire_time = created + STAFF_SESSION_SECONDS;
  await db
    .insertInto("staff_token")
    .values({ staff_id: staffId, token_hash: hashToken(token), create_time: created, expire_time, revoke_time: 0, ip: ip.slice(0, 64) })
    .execute();
  return { token, expire_time };
}

export type StaffTokenCheck = SessionCheck<{ staff: StaffIdentity }>;

/**
 * The session of a token with its staff member and their role's permissions, read on every request:
 * a role's new permissions apply from its members' next call, a disabled account's sessions end.
 */
export async function checkStaffToken(db: Kysely<DB>, token: string): Promise<StaffTokenCheck> {
  const row = await staffWithRole(db)
    .innerJoin("staff_token", "staff_token.staff_id", "staff.staff_id")
    .select(["staff_token.expire_time", "staff_token.revoke_time"])
    .where("staff_token.token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || row.revoke_time > 0 || row.status !== 1) return { ok: false, reason: "invalid" };
  if (row.expire_time <= now()) return { ok: false, reason: "expired" };
  return { ok: true, staff: staffIdentity(row) };
}

/** Staff rows with their role's row (see staffIdentity). */
export function staffWithRole(db: Kysely<DB>) {
  return db
    .selectFrom("staff")
    .leftJoin("staff_group", "staff_group.group_id", "staff.group_id")
    .select(["staff.staff_id", "staff.username", "staff.nickname", "staff.role", "staff.status", "staff.group_id"])
    .select(["staff_group.group_name", "staff_group.menu_array", "staff_group.is_system"]);
}

/** A staff row (with its role's row, if any) as handlers see it; see groupPermissions. */
export function staffIdentity(row: {
  staff_id: number; username: string; nickname: string; role: string; group_id: number;
  group_name: string | null; menu_array: string | null; is_system: number | null;
}): StaffIdentity {
  const identity = { staff_id: row.staff_id, username: row.username, nickname: row.nickname, role: row.role };
  // group_id 0 (a row a script wrote with only its legacy role): the role's permissions (permissions.ts)
  if (row.group_name === null || row.menu_array === null || row.is_system === null) {
    return { ...identity, group_id: 0, group_name: "", permissions: permissionsOf(row.role) };
  }
  const permissions = groupPermissions({ is_system: row.is_system, menu_array: row.menu_array });
  return { ...identity, group_id: row.group_id, group_name: row.group_name, permissions };
}

export async function revokeStaffToken(db: Kysely<DB>, token: string): Promise<void> {
  await db.updateTable("staff_token").set({ revoke_time: now() }).where("token_hash", "=", hashToken(token)).where("revoke_time", "=", 0).execute();
}
