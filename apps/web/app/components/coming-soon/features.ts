/**
 * SPEC §2 routes whose pages come with later work. Each answers a "coming soon" page (the feature's
 * name, a line on what it will offer, ways back) instead of a 404, inside its proper layout. When a
 * page is built, its route is declared in routes.ts (it wins over the coming-soon catch-alls there)
 * and its row here is deleted.
 */

/** Picks the picture of the page (components/coming-soon/ComingSoon.tsx maps it to an icon). */
export type ComingSoonIcon =
  | "cart" | "coupon" | "seckill" | "groupbuy" | "combo" | "order" | "refund" | "logistics" | "evaluate"
  | "complain" | "verify" | "pay" | "profile" | "security" | "address" | "follow" | "footprint"
  | "wallet" | "withdraw" | "point" | "level" | "signin" | "bank";

export interface ComingSoonFeature {
  /** Router path (no /web basename); a ":id" segment stands for a numeric id. */
  path: string;
  /** The feature's Chinese name: the heading and the page title. */
  name: string;
  /** One line on what the page will offer. */
  blurb: string;
  icon: ComingSoonIcon;
}

/** A row of the list: comingSoonRow("/promotion/seckill", "秒杀", "seckill", "每日限时秒杀，超值好物准点开抢。"). */
export const comingSoonRow = (path: string, name: string, icon: ComingSoonIcon, blurb: string): ComingSoonFeature => ({ path, name, icon, blurb });

/**
 * Every SPEC §2 page is built (the promotions last, issue 11): no row is left. routes.ts keeps its
 * coming-soon catch-alls for the rows of pages still to come.
 */
export const COMING_SOON_FEATURES: readonly ComingSoonFeature[] = [];

function normalize(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return trimmed.toLowerCase();
}

function matches(pattern: string, path: string): boolean {
  const want = pattern.toLowerCase().split("/");
  const have = path.split("/");
  return want.length === have.length && want.every((segment, i) => (segment === ":id" ? /^\d+$/.test(have[i] ?? "") : segment === have[i]));
}

/**
 * The coming-soon feature of a router pathname, or null when the path is not a SPEC route (the
 * caller answers 404). Like the router, it ignores case and a trailing slash. `features`: the list
 * to look in (tests give rows of their own).
 */
export function findComingSoon(pathname: string, features: readonly ComingSoonFeature[] = COMING_SOON_FEATURES): ComingSoonFeature | null {
  const path = normalize(pathname);
  return features.find((feature) => matches(feature.path, path)) ?? null;
}

/** Pages of the member centre (member layout, "返回会员中心" first). */
export function isMemberFeature(feature: ComingSoonFeature): boolean {
  return feature.path.startsWith("/member/");
}

/** Pages behind the login guard (SPEC §2/§6): they offer a way to the member centre. */
export function isGuardedFeature(feature: ComingSoonFeature): boolean {
  return /^\/(member|order|pay)(\/|$)/.test(feature.path) || feature.path.endsWith("/payment");
}
