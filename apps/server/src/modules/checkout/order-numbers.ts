import crypto from "node:crypto";
import { shopIsoString } from "../../core/time.ts";

/**
 * Order numbers and verification codes: random, so that neither the next order number nor another
 * shopper's pickup code can be guessed from one's own.
 */
/** 20 digits: shop-time yyMMddHHmmss + 8 random digits (unique by its index; a clash rolls back the order). */
export function newOrderNo(at = Date.now()): string {
  const stamp = shopIsoString(Math.floor(at / 1000)).replace(/\D/g, "").slice(2, 14);
  return `${stamp}${crypto.randomInt(0, 100_000_000).toString().padStart(8, "0")}`;
}

/** 12 random digits: the pickup code of a pickup order, the verification code of a virtual one. */
export function newVerifyCode(): string {
  return `${crypto.randomInt(100_000, 1_000_000)}${crypto.randomInt(0, 1_000_000).toString().padStart(6, "0")}`;
}
