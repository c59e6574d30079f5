import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";
import { addEvaluation } from "./add.ts";
import { addAgain } from "./again.ts";
import { auditEvaluation, deleteEvaluation, listStaffEvaluations, replyEvaluation } from "./staff.ts";

/**
 * Evaluations: writing them (add, again) and the shop's review (staff API). What an order may still
 * evaluate (/api/order/evluateinfo, ./order-info.ts) is registered with the order calls.
 */
export function registerEvaluateRoutes(api: Api, _app: FastifyInstance): void {
  api.member("/api/goodsevaluate/add", (body, ctx) => addEvaluation(ctx.db, ctx.memberId, body));
  api.member("/api/goodsevaluate/again", (body, ctx) => addAgain(ctx.db, ctx.memberId, body));

  api.staff("/shopapi/goodsevaluate/lists", "evaluate.manage", (body, ctx) => listStaffEvaluations(ctx.db, body));
  api.staff("/shopapi/goodsevaluate/audit", "evaluate.manage", (body, ctx) => auditEvaluation(ctx.db, ctx, body.evaluate_id, body.is_audit));
  api.staff("/shopapi/goodsevaluate/reply", "evaluate.manage", (body, ctx) => replyEvaluation(ctx.db, ctx, body.evaluate_id, body));
  api.staff("/shopapi/goodsevaluate/delete", "evaluate.manage", (body, ctx) => deleteEvaluation(ctx.db, ctx, body.evaluate_id));
}
