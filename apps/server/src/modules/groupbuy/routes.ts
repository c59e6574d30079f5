import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import type { groupbuyPaymentBody } from "@shop/contract";
import type { Api } from "../../core/api.ts";
import { registerPromotion, registerPromotionOrderRoutes } from "../promotion/checkout-hooks.ts";
import { groupbuyDetail, runningGroupbuys } from "./public.ts";
import { addGroupbuy, closeGroupbuy, editGroupbuy, GROUPBUY_EDGE_JOB, listGroupbuys, purgeGroupbuyEdge, staffGroupbuyDetail } from "./staff.ts";
import { groupbuyCheckout } from "./checkout.ts";
import { edgeIdOf } from "./window.ts";
import { registerListPromotion } from "../promotion/list-tags.ts";
import { groupbuyListTags } from "./list-tags.ts";

/** Group buys: /groupbuy/api/* for shoppers, /shopapi/groupbuy/* for staff (docs/api/groupbuy.md). */
export function registerGroupbuyRoutes(api: Api, _app: FastifyInstance): void {
  const { db } = api.deps;
  api.public("/groupbuy/api/goods/page", (body, ctx) => runningGroupbuys(ctx.db, body));
  api.public("/groupbuy/api/goods/detail", (body, ctx) => groupbuyDetail(ctx.db, body.groupbuy_id));

  registerPromotion(groupbuyCheckout);
  // After seckill's (modules/index.ts registers seckill first): the first provider to tag a goods wins.
  registerListPromotion("groupbuy", groupbuyListTags);
  registerPromotionOrderRoutes(api, "/groupbuy/api/ordercreate", "groupbuy", (body: z.output<typeof groupbuyPaymentBody>) => ({
    kind: "promotion", promotion: "groupbuy", promotion_id: body.groupbuy_id, sku_ids: [body.sku_id], num: body.num,
  }));

  api.staff("/shopapi/groupbuy/lists", "promotion.manage", (body, ctx) => listGroupbuys(ctx.db, body));
  api.staff("/shopapi/groupbuy/detail", "promotion.manage", (body, ctx) => staffGroupbuyDetail(ctx.db, body.groupbuy_id));
  api.staff("/shopapi/groupbuy/add", "promotion.manage", (body, ctx) => addGroupbuy(ctx.db, ctx, body));
  api.staff("/shopapi/groupbuy/edit", "promotion.manage", ({ groupbuy_id, ...input }, ctx) => editGroupbuy(ctx.db, ctx, groupbuy_id, input));
  api.staff("/shopapi/groupbuy/close", "promotion.manage", (body, ctx) => closeGroupbuy(ctx.db, ctx, body.groupbuy_id));

  api.deps.jobs.register(GROUPBUY_EDGE_JOB, (payload) => purgeGroupbuyEdge(db, edgeIdOf(payload)));
}
