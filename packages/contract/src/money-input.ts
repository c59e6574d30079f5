import { z } from "zod";
import { formatYuan, parseYuan, ZERO_CENTS, type Cents } from "./money.ts";

/**
 * A yuan amount sent by a client ("12.5", or the number 12.5; spaces around are ignored) as exact
 * cents. Junk ("1.005", "0x10", "1e3", "便宜") is an `invalid_format` issue and an amount below
 * `min` (default 0) a `too_small` one, so the API answers -10006 naming the field
 * ("参数 min_price 格式不正确") instead of rounding or guessing.
 */
export function yuanInput({ min = ZERO_CENTS }: { min?: Cents } = {}) {
  return z.union([z.string(), z.number()]).transform((value, ctx): Cents => {
    const amount = parseYuan(typeof value === "string" ? value.trim() : value);
    if (amount === null) {
      ctx.addIssue({ code: "invalid_format", format: "yuan", input: String(value) });
      return z.NEVER;
    }
    if (amount < min) {
      // The message shows the bound in yuan ("不能小于 0.01").
      ctx.addIssue({ code: "too_small", origin: "number", minimum: Number(formatYuan(min)), inclusive: true, input: value });
      return z.NEVER;
    }
    return amount;
  });
}
