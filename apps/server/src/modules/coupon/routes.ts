import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";
import { couponCentre, goodsCoupons } from "./centre.ts";
import { couponCounts, memberCoupons, receiveCoupon } from "./member-coupons.ts";
import { addType, closeType, editType, listTypes, typeDetail } from "./staff-types.ts";
import { registrationPackView, setRegistrationPack } from "./register-pack.ts";
import { searchMembers, sendCoupons } from "./send.ts";

/** Receives per IP: enough for a shopper clicking through the centre, not for a script emptying it. */
const RECEIVE_LIMIT = { max: 30, timeWindow: "1 minute" };

/** Coupons: /coupon/api/coupon/* for shoppers, /shopapi/coupon/* for staff (docs/api/coupon.md). */
export function registerCouponRoutes(api: Api, _app: FastifyInstance): void {
  api.public("/coupon/api/coupon/typepagelists", async (body, ctx) => couponCentre(ctx.db, await ctx.optionalMemberId(), body));
  api.public("/coupon/api/coupon/goodsCoupon", async (body, ctx) => goodsCoupons(ctx.db, await ctx.optionalMemberId(), body.goods_id));
  api.member("/coupon/api/coupon/receive", (body, ctx) => receiveCoupon(ctx.db, ctx.memberId, body.coupon_type_id), { rateLimit: RECEIVE_LIMIT, successMessage: "领取成功" });
  api.member("/coupon/api/coupon/memberpage", (body, ctx) => memberCoupons(ctx.db, ctx.memberId, body));
  api.member("/coupon/api/coupon/num", (_body, ctx) => couponCounts(ctx.db, ctx.memberId));

  api.staff("/shopapi/coupon/lists", "promotion.manage", (body, ctx) => listTypes(ctx.db, body));
  api.staff("/shopapi/coupon/detail", "promotion.manage", (body, ctx) => typeDetail(ctx.db, body.coupon_type_id));
  api.staff("/shopapi/coupon/add", "promotion.manage", (body, ctx) => addType(ctx.db, ctx, body));
  api.staff("/shopapi/coupon/edit", "promotion.manage", ({ coupon_type_id, ...input }, ctx) => editType(ctx.db, ctx, coupon_type_id, input));
  api.staff("/shopapi/coupon/close", "promotion.manage", (body, ctx) => closeType(ctx.db, ctx, body.coupon_type_id));
  api.staff("/shopapi/coupon/registerpack", "promotion.manage", (_body, ctx) => registrationPackView(ctx.db));
  api.staff("/shopapi/coupon/send", "promotion.manage", (body, ctx) => sendCoupons(ctx.db, ctx, body.coupon_type_id, body.member_ids), { successMessage: "发放成功" });
  api.staff("/shopapi/coupon/membersearch", "promotion.manage", (body, ctx) => searchMembers(ctx.db, body));
  api.staff("/shopapi/coupon/setregisterpack", "promotion.manage", (body, ctx) => setRegistrationPack(ctx.db, ctx, body.coupon_type_ids));
}
