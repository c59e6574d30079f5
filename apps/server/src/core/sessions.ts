import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * Who is calling: core's access checks (api.ts, context.ts) need member sessions, staff sessions
 * and staff permissions, which belong to the auth and staff modules. Core never imports a module
 * (ADR 0025): it names what it needs here and the modules provide it when they register
 * (modules/index.ts).
 */

/** A token checked: valid with its session, or why not. */
export type SessionCheck<Session> = ({ ok: true } & Session) | { ok: false; reason: "invalid" | "expired" };

/** A logged-in staff member, as handlers see it in `ctx.staff`. */
export interface StaffIdentity {
  staff_id: number;
  username: string;
  nickname: string;
  /** admin (the 管理员 role) | servicer (any other role) */
  role: string;
  /** the role (staff_group) and its permissions as read with the session; absent for a script's own identity, which has its `role`'s */
  group_id?: number;
  group_name?: string;
  permissions?: readonly string[];
}

/**
 * The staff permission names. Empty here: modules/staff/permissions.ts adds its names to this
 * interface (declaration merging, as Fastify's own types are extended), so `api.staff(path,
 * "order.view", …)` is checked by the compiler while core names no permission.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by modules/staff/permissions.ts
export interface StaffPermissionNames {}
export type Permission = Extract<keyof StaffPermissionNames, string>;

export interface MemberSessions {
  /** The member a token is a live session of (modules/auth/tokens.ts). */
  check(db: Kysely<DB>, token: string): Promise<SessionCheck<{ memberId: number }>>;
}

export interface StaffSessions {
  /** The staff member a console token is a live session of (modules/staff/tokens.ts). */
  check(db: Kysely<DB>, token: string): Promise<SessionCheck<{ staff: StaffIdentity }>>;
  /** Whether a staff member (their role's permissions, read with the session) holds a permission (modules/staff/permissions.ts). */
  hasPermission(staff: StaffIdentity, permission: Permission): boolean;
}

let memberSessions: MemberSessions | undefined;
let staffSessions: StaffSessions | undefined;

/** The auth module provides member sessions (one provider per process: the last one wins). */
export function provideMemberSessions(provider: MemberSessions): void {
  memberSessions = provider;
}

/** The staff module provides staff sessions and permissions. */
export function provideStaffSessions(provider: StaffSessions): void {
  staffSessions = provider;
}

/** Thrown when an app answers access-checked calls before the modules registered (a wiring bug, never a caller's fault). */
function missing(what: string): never {
  throw new Error(`core/sessions: no ${what} provider registered (registerModules provides it)`);
}

export const sessions = {
  member: (): MemberSessions => memberSessions ?? missing("member session"),
  staff: (): StaffSessions => staffSessions ?? missing("staff session"),
};
