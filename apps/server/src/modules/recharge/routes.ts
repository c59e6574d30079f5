import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";
import { registerRechargeJobs } from "./close.ts";
import { createRechargeOrder, memberRechargeOrder, memberRechargeOrders, staffRechargeOrders } from "./orders.ts";
import { addPackage, editPackage, offeredPackage, offeredPackages, setPackageStatus, staffPackages } from "./packages.ts";

/**
 * Recharge (docs/api/recharge.md): packages and the member's recharge orders under
 * /memberrecharge/api/*, staff packages and orders under /shopapi/memberrecharge/*. Paying a
 * recharge order is the cashier's (/api/pay/*, recharge trades); crediting it is settleTrade's.
 */
export function registerRechargeRoutes(api: Api, _app: FastifyInstance): void {
  const { db } = api.deps;
  api.public("/memberrecharge/api/memberrecharge/page", (body) => offeredPackages(db, body));
  api.public("/memberrecharge/api/memberrecharge/info", (body) => offeredPackage(db, body.recharge_id));
  // Each order opens a trade and a timer: a click loop must not fill the tables.
  api.member("/memberrecharge/api/ordercreate/create", (body, ctx) => createRechargeOrder(db, ctx.memberId, body.recharge_id), {
    rateLimit: { max: 20, timeWindow: "1 minute" },
  });
  api.member("/memberrecharge/api/order/page", (body, ctx) => memberRechargeOrders(db, ctx.memberId, body));
  api.member("/memberrecharge/api/order/detail", (body, ctx) => memberRechargeOrder(db, ctx.memberId, body.order_id));

  api.staff("/shopapi/memberrecharge/lists", "member.manage", (body) => staffPackages(db, body));
  api.staff("/shopapi/memberrecharge/add", "member.manage", (body, ctx) => addPackage(ctx, body));
  api.staff("/shopapi/memberrecharge/edit", "member.manage", (body, ctx) => {
    const { recharge_id: rechargeId, ...input } = body;
    return editPackage(ctx, rechargeId, input);
  });
  api.staff("/shopapi/memberrecharge/setstatus", "member.manage", (body, ctx) => setPackageStatus(ctx, body.recharge_id, body.status));
  api.staff("/shopapi/memberrecharge/orderlists", "order.view", (body) => staffRechargeOrders(db, body));

  registerRechargeJobs(api.deps.jobs, db);
}
