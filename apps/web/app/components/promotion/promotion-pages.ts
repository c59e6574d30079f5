/**
 * The promotions with a list and detail pages: the name their pages use (秒杀价, the crumb, the
 * label before the goods' name) and their list. Held here: a value imported from "@shop/contract"
 * would bring its request schemas (zod) into the pages' scripts.
 */
export const PROMOTION_PAGES = {
  seckill: { name: "秒杀", listPath: "/promotion/seckill" },
  groupbuy: { name: "团购", listPath: "/promotion/groupbuy" },
} as const;

export type PromotionPageKind = keyof typeof PROMOTION_PAGES;
