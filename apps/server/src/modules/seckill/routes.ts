import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";
import { registerPromotion, registerPromotionOrderRoutes } from "../promotion/checkout-hooks.ts";
import { seckillCheckout } from "./buying.ts";
import { seckillDetail, skuSeckillInfo, slotGoodsPage, slotList } from "./reads.ts";
import { addSeckill, addSlot, closeSeckill, deleteSlot, editSeckill, editSlot, listSeckills, seckillConfig, setSeckillConfig, staffSeckillDetail, staffSlots } from "./staff.ts";
import { attachSeckillRedis } from "./redis-pool.ts";
import { registerSeckillBoundaries } from "./cache.ts";
import { registerSeckillReconcile } from "./reconcile.ts";
import { registerListPromotion } from "../promotion/list-tags.ts";
import { seckillListTags } from "./list-tags.ts";

/** Seckill: /seckill/api/* for shoppers, /shopapi/seckill/* for staff (docs/api/seckill.md, ADR 0021). */
export function registerSeckillRoutes(api: Api, app: FastifyInstance): void {
  const { deps } = api;
  attachSeckillRedis(deps.db, deps.redis, deps.config.redisPrefix);
  registerPromotion(seckillCheckout);
  registerListPromotion("seckill", seckillListTags);

  api.public("/seckill/api/seckill/lists", (_body, ctx) => slotList(ctx.db));
  api.public("/seckill/api/seckillgoods/page", (body, ctx) => slotGoodsPage(ctx.db, body));
  api.public("/seckill/api/seckillgoods/detail", async (body, ctx) => seckillDetail(ctx.db, body.seckill_id, await ctx.optionalMemberId()));
  api.public("/seckill/api/seckillgoods/info", (body, ctx) => skuSeckillInfo(ctx.db, body.sku_id, body.seckill_id));
  registerPromotionOrderRoutes(api, "/seckill/api/ordercreate", "seckill", (body: { seckill_id: number; sku_id: number; num: number }) => ({
    kind: "promotion", promotion: "seckill", promotion_id: body.seckill_id, sku_ids: [body.sku_id], num: body.num,
  }));

  api.staff("/shopapi/seckill/timelists", "promotion.manage", (_body, ctx) => staffSlots(ctx.db));
  api.staff("/shopapi/seckill/timeadd", "promotion.manage", (body, ctx) => addSlot(ctx.db, ctx, body));
  api.staff("/shopapi/seckill/timeedit", "promotion.manage", ({ id, ...input }, ctx) => editSlot(ctx.db, ctx, id, input));
  api.staff("/shopapi/seckill/timedelete", "promotion.manage", (body, ctx) => deleteSlot(ctx.db, ctx, body.id));
  api.staff("/shopapi/seckill/lists", "promotion.manage", (body, ctx) => listSeckills(ctx.db, body));
  api.staff("/shopapi/seckill/detail", "promotion.manage", (body, ctx) => staffSeckillDetail(ctx.db, body.seckill_id));
  api.staff("/shopapi/seckill/add", "promotion.manage", (body, ctx) => addSeckill(ctx.db, ctx, body));
  api.staff("/shopapi/seckill/edit", "promotion.manage", ({ seckill_id, ...input }, ctx) => editSeckill(ctx.db, ctx, seckill_id, input));
  api.staff("/shopapi/seckill/close", "promotion.manage", (body, ctx) => closeSeckill(ctx.db, ctx, body.seckill_id));
  api.staff("/shopapi/seckill/config", "promotion.manage", (_body, ctx) => seckillConfig(ctx.db));
  api.staff("/shopapi/seckill/setconfig", "promotion.manage", (body, ctx) => setSeckillConfig(ctx.db, ctx, body));

  registerSeckillBoundaries(deps, app);
  registerSeckillReconcile(deps, app);
}
