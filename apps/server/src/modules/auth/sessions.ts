import type { Db } from "../../db/unit-of-work.ts";
import { TOKEN_COOKIE, type RequestContext } from "../../core/context.ts";
import { now } from "../../core/time.ts";
import { hashToken } from "./tokens.ts";

/**
 * The session tokens a request carries (the body's and the cookie's): the caller's own sessions,
 * which a security change keeps while it ends the member's others.
 */
export function presentedTokens(ctx: Pick<RequestContext, "token" | "request">): string[] {
  const cookie = ctx.request.cookies?.[TOKEN_COOKIE];
  return [...new Set([ctx.token, cookie].filter((token): token is string => Boolean(token)))];
}

/**
 * Ends every live session of the member except the ones named (ADR 0015: a changed login password
 * or mobile signs the member out on every other device). Run it in the unit of work of the change,
 * so a change never commits while the old sessions live on. Answers how many sessions ended.
 */
export async function revokeOtherSessions(db: Db, memberId: number, keepTokens: string[]): Promise<number> {
  let query = db.updateTable("member_token").set({ revoke_time: now() }).where("member_id", "=", memberId).where("revoke_time", "=", 0);
  const keep = keepTokens.map(hashToken);
  if (keep.length) query = query.where("token_hash", "not in", keep);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
