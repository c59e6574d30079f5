import { z } from "zod";
import { endpoint, id, paging, text } from "../endpoint.ts";
import type { Page } from "../codes.ts";

/** 营销 in the console beyond coupon.ts / seckill.ts / groupbuy.ts / bundling.ts: issuing, figures. */

/** The most members one 发放 reaches. */
export const MAX_COUPON_SEND_MEMBERS = 200;

/** A member as the coupon 发放 picker shows it. */
export interface PickableMember {
  member_id: number;
  username: string;
  nickname: string;
  mobile: string;
  headimg: string;
}

const memberIds = z.preprocess(
  (value) => (typeof value === "string" ? value.split(",").map((part) => part.trim()).filter((part) => part !== "") : typeof value === "number" ? [value] : value),
  z
    .array(id, { error: "会员 ID 无效" })
    .min(1, "请选择要发放的会员")
    .max(MAX_COUPON_SEND_MEMBERS, `一次最多发放给 ${MAX_COUPON_SEND_MEMBERS} 位会员`),
);

export const couponSendBody = z.object({ coupon_type_id: id, member_ids: memberIds });

export const marketingAdminEndpoints = {
  /**
   * 发放: one coupon of the type to each chosen member (a member listed twice gets one), all or
   * none: within the type's total and each member's limit; closed or expired types refuse.
   */
  "/shopapi/coupon/send": endpoint<{ sent: number }>()(couponSendBody),
  /** members to issue coupons to, by name, nickname, mobile or id (newest first) */
  "/shopapi/coupon/membersearch": endpoint<Page<PickableMember>>()(z.object({ ...paging, search_text: text(30).default("") })),
};
