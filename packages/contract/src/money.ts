/**
 * Money as integer cents (ADR 0002, ADR 0007): a branded number so that yuan and cents cannot be
 * mixed up by accident, exact parsing of the wire's yuan strings and formatting back. Used by the
 * server and the web alike; arithmetic on money is integer arithmetic, never floats.
 * No zod here, so the browser's price formatting does not pull in the schemas (money-input.ts has
 * the request field).
 */

declare const centsBrand: unique symbol;
export type Cents = number & { readonly [centsBrand]: true };

/** The largest amount we accept anywhere: ¥ 99,999,999.99. */
export const MAX_CENTS = 9_999_999_999;

/** Brands a whole number of cents; throws on fractions, NaN and amounts beyond MAX_CENTS. */
export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value) || Math.abs(value) > MAX_CENTS) throw new RangeError(`not a whole number of cents: ${value}`);
  return value as Cents;
}

export const ZERO_CENTS = 0 as Cents;

const YUAN_PATTERN = /^(-)?(\d{1,8})(?:\.(\d{1,2}))?$/;

/**
 * Parses a yuan amount exactly: "12", "12.5", "12.50", "-3.05" (also a number with at most two
 * decimals). Anything else — "1.005", "0x10", "1e3", " 12", "", "12." — is null: amounts are never
 * rounded or guessed.
 */
export function parseYuan(value: string | number): Cents | null {
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value;
  const match = YUAN_PATTERN.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ""] = match;
  const amount = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return cents(sign ? -amount : amount);
}

/** "99.00" (the wire's and the page's form; SPEC §9: two decimals). */
export function formatYuan(amount: Cents | number): string {
  const value = Math.trunc(amount);
  const sign = value < 0 ? "-" : "";
  const abs = Math.abs(value);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Reads a price the API sent ("99.00"); a malformed one is 0 rather than NaN on a page. */
export function centsFromWire(value: string | number | null | undefined): Cents {
  if (value === null || value === undefined) return ZERO_CENTS;
  return parseYuan(typeof value === "number" ? Number(value.toFixed(2)) : value.trim()) ?? ZERO_CENTS;
}

export function addCents(...amounts: Cents[]): Cents {
  return cents(amounts.reduce((sum, amount) => sum + amount, 0));
}

export function subtractCents(from: Cents, amount: Cents): Cents {
  return cents(from - amount);
}

/** Unit price × quantity. */
export function multiplyCents(amount: Cents, quantity: number): Cents {
  if (!Number.isSafeInteger(quantity)) throw new RangeError(`not a whole quantity: ${quantity}`);
  return cents(amount * quantity);
}

/** amount × percent / 100, rounded half up to a cent (discounts: 95 → 9.5折). */
export function percentOfCents(amount: Cents, percent: number): Cents {
  return cents(Math.round((amount * percent) / 100));
}

export const minCents = (a: Cents, b: Cents): Cents => (a < b ? a : b);
export const maxCents = (a: Cents, b: Cents): Cents => (a > b ? a : b);

/**
 * Splits `total` over `weights` in proportion, in whole cents, the remainder going to the largest
 * weights first, so the parts always add up to `total` exactly (a coupon or points discount spread
 * over order lines).
 */
export function allocateCents(total: Cents, weights: readonly number[]): Cents[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (sum <= 0) return weights.map((_, index) => (index === 0 ? total : ZERO_CENTS));
  const parts = weights.map((weight) => Math.floor((total * weight) / sum));
  let rest = total - parts.reduce((acc, part) => acc + part, 0);
  const order = weights.map((weight, index) => ({ weight, index })).sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (let i = 0; rest > 0; i = (i + 1) % order.length, rest -= 1) parts[order[i]!.index]! += 1;
  return parts.map((part) => cents(part));
}
