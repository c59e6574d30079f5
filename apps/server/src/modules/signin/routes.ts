import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";
import { isSignedToday, signIn, signinAward, signinRecords, signinStatus } from "./signin.ts";
import { setSigninConfig, staffSigninConfig, staffSigninRecords } from "./staff-signin.ts";

/** Daily sign-in: /api/membersignin/*, staff sign-in settings (docs/api/signin.md). */
export function registerSigninRoutes(api: Api, _app: FastifyInstance): void {
  api.member("/api/membersignin/issign", (_body, ctx) => isSignedToday(ctx.db, ctx.memberId));
  // Once a day is the unique key's job; the limit only keeps a script from hammering the lock.
  api.member("/api/membersignin/signin", (_body, ctx) => signIn(ctx.db, ctx.memberId), {
    successMessage: "签到成功",
    rateLimit: { max: 20, timeWindow: "1 minute" },
  });
  api.public("/api/membersignin/award", (_body, ctx) => signinAward(ctx.db));
  api.member("/api/membersignin/getSignRecords", (body, ctx) => signinRecords(ctx.db, ctx.memberId, body, body.month));
  api.member("/api/membersignin/getSignStatus", (body, ctx) => signinStatus(ctx.db, ctx.memberId, body.month));

  api.staff("/shopapi/membersignin/config", "member.manage", (_body, ctx) => staffSigninConfig(ctx.db));
  api.staff("/shopapi/membersignin/setconfig", "member.manage", (body, ctx) => setSigninConfig(ctx.db, ctx, body));
  api.staff("/shopapi/membersignin/records", "member.manage", (body, ctx) => staffSigninRecords(ctx.db, body));
}
