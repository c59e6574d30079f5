import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { now } from "../../core/time.ts";
import type { SessionCheck } from "../../core/sessions.ts";

/** Default session length when the shopper did not ask for auto-login. */
export const DEFAULT_SESSION_DAYS = 1;
export const MAX_AUTO_LOGIN_DAYS = 30;

export const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** Issues a random token (256 bits); only its hash is stored, so a leaked table reveals no session. */
export async function issueToken(
  db: Kysely<DB>,
  memberId: number,
  days: number,
  client: { ip: string; userAgent: string },
): Promise<{ token: string; expire_time: number }> {
  const token = crypto.randomBytes(32).toString("base64url");
  const created = now();
  const expire_time = created + Math.max(1, Math.min(days, MAX_AUTO_LOGIN_DAYS)) * 86400;
  await db
    .insertInto("member_token")
    .values({
      member_id: memberId,
      token_hash: hashToken(token),
      create_time: created,
      expire_time,
      revoke_time: 0,
      last_used_time: created,
      ip: client.ip.slice(0, 64),
      user_agent: client.userAgent.slice(0, 255),
    })
    .execute();
  return { token, expire_time };
}

/** A member token checked (core/sessions.ts: core reaches it through the registry modules/index.ts fills). */
export type TokenCheck = SessionCheck<{ memberId: number }>;

export async function checkToken(db: Kysely<DB>, token: string): Promise<TokenCheck> {
  const row = await db
    .selectFrom("member_token")
    .innerJoin("member", "member.member_id", "member_token.member_id")
    .select(["member_token.member_id", "member_token.expire_time", "member_token.revoke_time", "member.status"])
    .where("member_token.token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || row.revoke_time > 0 || row.status !== 1) return { ok: false, reason: "invalid" };
  if (row.expire_time <= now()) return { ok: false, reason: "expired" };
  return { ok: true, memberId: row.member_id };
}

export async function revokeToken(db: Kysely<DB>, token: string): Promise<void> {
  await db
    .updateTable("member_token")
    .set({ revoke_time: now() })
    .where("token_hash", "=", hashToken(token))
    .where("revoke_time", "=", 0)
    .execute();
}

export async function revokeAllTokens(db: Kysely<DB>, memberId: number): Promise<void> {
  await db.updateTable("member_token").set({ revoke_time: now() }).where("member_id", "=", memberId).where("revoke_time", "=", 0).execute();
}
