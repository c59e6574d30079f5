import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import type { bundlingPaymentBody } from "@shop/contract";
import type { Api } from "../../core/api.ts";
import { registerPromotion, registerPromotionOrderRoutes } from "../promotion/checkout-hooks.ts";
import { edgeIdOf } from "../groupbuy/window.ts";
import { bundlingDetail, bundlingsOfSku } from "./public.ts";
import { addBundling, BUNDLING_EDGE_JOB, closeBundling, editBundling, listBundlings, purgeBundlingEdge, staffBundlingDetail } from "./staff.ts";
import { bundlingCheckout } from "./checkout.ts";

/** Combos: /bundling/api/* for shoppers, /shopapi/bundling/* for staff (docs/api/bundling.md). */
export function registerBundlingRoutes(api: Api, _app: FastifyInstance): void {
  const { db } = api.deps;
  api.public("/bundling/api/bundling/lists", (body, ctx) => bundlingsOfSku(ctx.db, body.sku_id));
  api.public("/bundling/api/bundling/detail", (body, ctx) => bundlingDetail(ctx.db, body.bl_id));

  registerPromotion(bundlingCheckout);
  registerPromotionOrderRoutes(api, "/bundling/api/ordercreate", "bundling", (body: z.output<typeof bundlingPaymentBody>) => ({
    kind: "promotion", promotion: "bundling", promotion_id: body.bl_id, sku_ids: body.sku_ids ?? [], num: body.num,
  }));

  api.staff("/shopapi/bundling/lists", "promotion.manage", (body, ctx) => listBundlings(ctx.db, body));
  api.staff("/shopapi/bundling/detail", "promotion.manage", (body, ctx) => staffBundlingDetail(ctx.db, body.bl_id));
  api.staff("/shopapi/bundling/add", "promotion.manage", (body, ctx) => addBundling(ctx.db, ctx, body));
  api.staff("/shopapi/bundling/edit", "promotion.manage", ({ bl_id, ...input }, ctx) => editBundling(ctx.db, ctx, bl_id, input));
  api.staff("/shopapi/bundling/close", "promotion.manage", (body, ctx) => closeBundling(ctx.db, ctx, body.bl_id));

  api.deps.jobs.register(BUNDLING_EDGE_JOB, (payload) => purgeBundlingEdge(db, edgeIdOf(payload)));
}
