import type { FieldSpec } from "./field-shape.ts";
import { cmsReads, seoReads, siteReads } from "./reads-site.ts";
import { brandReads, goodsReads, searchReads, storeReads } from "./reads-goods.ts";
import { addressReads, authReads, memberReads } from "./reads-account.ts";
import { cartReads, checkoutReads, orderReads, payReads, staffReads } from "./reads-buying.ts";
import { OUR_EVALUATE_CALLS, evaluateReads } from "./reads-evaluate.ts";
import { verifierAdminReads, verifyReads } from "./reads-verify.ts";
import { OUR_REFUND_CALLS, refundReads } from "./reads-refund.ts";
import { couponAdminReads, couponReads } from "./reads-coupon.ts";
import { OUR_SECKILL_CALLS, seckillAdminReads, seckillReads } from "./reads-seckill.ts";
import { OUR_PROFILE_CALLS, profileReads } from "./reads-profile.ts";
import { OUR_GROWTH_CALLS, growthReads } from "./reads-growth.ts";
import { OUR_WALLET_CALLS, walletReads } from "./reads-wallet.ts";
import { OUR_GROUPBUY_CALLS, groupbuyAdminReads, groupbuyReads } from "./reads-groupbuy.ts";
import { OUR_BUNDLING_CALLS, bundlingAdminReads, bundlingReads } from "./reads-bundling.ts";
import { chatReads, chatStaffReads } from "./reads-chat.ts";

/**
 * Every call of docs/api.md (and docs/api/*.md) with what a reference client reads from its `data`,
 * by area; each area has its test file `endpoints-<area>.test.ts`, which calls every path of its
 * area the way a reference client does and checks these fields (endpoints-coverage.test.ts proves
 * that, and that docs list the same fields).
 */
export const AREAS: Record<string, Record<string, FieldSpec>> = {
  site: { ...siteReads, ...seoReads },
  cms: cmsReads,
  goods: goodsReads,
  search: searchReads,
  brand: brandReads,
  store: storeReads,
  auth: authReads,
  member: memberReads,
  address: addressReads,
  cart: cartReads,
  checkout: checkoutReads,
  order: orderReads,
  pay: payReads,
  staff: staffReads,
  evaluate: evaluateReads,
  verify: { ...verifyReads, ...verifierAdminReads },
  refund: refundReads,
  coupon: { ...couponReads, ...couponAdminReads },
  seckill: { ...seckillReads, ...seckillAdminReads },
  profile: profileReads,
  growth: growthReads,
  wallet: walletReads,
  groupbuy: { ...groupbuyReads, ...groupbuyAdminReads },
  bundling: { ...bundlingReads, ...bundlingAdminReads },
  chat: { ...chatReads, ...chatStaffReads },
};

export const READS: Record<string, FieldSpec> = Object.assign({}, ...Object.values(AREAS));

/** Calls the reference does not have (our extensions): no reference client calls them; the fields are our storefront's. */
export const OURS: ReadonlySet<string> = new Set([
  ...Object.keys(seoReads),
  ...Object.keys(storeReads),
  ...Object.keys(staffReads),
  ...OUR_EVALUATE_CALLS,
  ...OUR_REFUND_CALLS,
  ...Object.keys(verifierAdminReads),
  ...Object.keys(couponAdminReads),
  ...OUR_SECKILL_CALLS,
  ...OUR_PROFILE_CALLS,
  ...OUR_GROWTH_CALLS,
  ...OUR_WALLET_CALLS,
  ...OUR_GROUPBUY_CALLS,
  ...OUR_BUNDLING_CALLS,
  ...Object.keys(chatStaffReads),
  "/api/verify/detail",
  "/api/goodssku/brands",
  "/api/goodssku/categories",
  "/api/goods/searchSuggest",
  "/api/goodsbrand/initials",
  "/api/goodsbrand/info",
  "/api/cart/clearinvalid",
]);

/** The reads of a path; throws for a path without an entry (a new call must be added here). */
export function readsOf(path: string): FieldSpec {
  const spec = READS[path];
  if (spec === undefined) throw new Error(`${path}: no entry in conformance/reads*.ts — add what a reference client reads`);
  return spec;
}
