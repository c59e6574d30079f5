import { subscribeOrderGrowth } from "./order-growth.ts";
import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";
import { growthRecords, listLevels, memberLevelState } from "./levels.ts";
import { addLevel, adjustGrowth, deleteLevel, editLevel, setGrowthConfig, staffListLevels } from "./staff-levels.ts";
import { getGrowthConfig } from "./growth-config.ts";

/** Member levels and growth: /api/memberlevel/*, staff level settings (docs/api/member-level.md). */
export function registerMemberLevelRoutes(api: Api, _app: FastifyInstance): void {
  subscribeOrderGrowth();
  api.public("/api/memberlevel/lists", (_body, ctx) => listLevels(ctx.db));
  api.member("/api/memberlevel/info", (_body, ctx) => memberLevelState(ctx.db, ctx.memberId));
  api.member("/api/memberlevel/growthrecords", (body, ctx) => growthRecords(ctx.db, ctx.memberId, body));

  api.staff("/shopapi/memberlevel/lists", "member.manage", (_body, ctx) => staffListLevels(ctx.db));
  api.staff("/shopapi/memberlevel/add", "member.manage", (body, ctx) => addLevel(ctx.db, ctx, body));
  api.staff("/shopapi/memberlevel/edit", "member.manage", ({ level_id, ...input }, ctx) => editLevel(ctx.db, ctx, level_id, input));
  api.staff("/shopapi/memberlevel/delete", "member.manage", (body, ctx) => deleteLevel(ctx.db, ctx, body.level_id));
  api.staff("/shopapi/memberlevel/growthconfig", "member.manage", (_body, ctx) => getGrowthConfig(ctx.db));
  api.staff("/shopapi/memberlevel/setgrowthconfig", "member.manage", (body, ctx) => setGrowthConfig(ctx.db, ctx, body));
  api.staff("/shopapi/memberlevel/adjustgrowth", "member.manage", (body, ctx) => adjustGrowth(ctx.db, ctx, body.member_id, body.growth, body.remark));
}
