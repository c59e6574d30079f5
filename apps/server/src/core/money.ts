import { formatYuan, parseYuan, type Cents } from "@shop/contract";

/**
 * The server's side of the contract's money type (ADR 0002, ADR 0007): columns hold integer cents
 * (`*_cents`), the wire carries "99.00".
 */

/** Cents as the wire's yuan string: 9900 → "99.00". */
export const yuan = (amount: Cents | number): string => formatYuan(amount);

/**
 * Exact cents of a yuan amount the server itself holds ("12.5" → 1250). Anything that is not an
 * exact amount throws: client input is validated by the contract's `yuanInput()` instead.
 */
export function toCents(value: string | number): Cents {
  const amount = parseYuan(value);
  if (amount === null) throw new RangeError(`不是有效的金额：${String(value)}`);
  return amount;
}
