/** Money is kept as integer cents; the wire carries it as a string with two decimals ("99.00"). */
export const yuan = (cents: number): string => (Math.round(cents) / 100).toFixed(2);

/** Parses "12.5" / 12.5 into cents, rounding half away from zero. */
export const toCents = (value: string | number): number => Math.round(Number(value) * 100);
