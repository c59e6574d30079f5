import { allocateCents, cents, type Cents } from "@shop/contract";
import { fail } from "../../core/errors.ts";

/**
 * The package price split over the goods of a combo (ADR 0022): whole-cent unit prices u_i with
 * Σ num_i × u_i = the package price exactly, each goods' share as near its weight (its own price ×
 * num) as whole cents allow. The order's lines are priced u_i × (num_i × packages), so they add up to
 * the package price × packages to the cent, and every line's money is its unit price × quantity.
 *
 * 1. allocateCents spreads the price over the weights: shares S_i adding up exactly.
 * 2. Every goods but one (the "balancing" goods: one sold 1 per package if there is one, else the
 *    heaviest) takes u_i = floor(S_i / num_i); the balancing goods takes what is left, which must be a
 *    multiple of its num. When it is not, the fewest extra cents are moved onto the others (a
 *    shortest path over the remainders modulo its num): possible exactly when the gcd of all nums
 *    divides the price, which staff are held to when they save a package.
 */
export const SPLIT_IMPOSSIBLE = "套餐价无法按每套数量拆成整分的单价，请调整套餐价或每套数量";

export interface SplitItem {
  /** units of the goods per package */
  num: number;
  /** its price per unit (cents): the weight is price × num */
  priceCents: number;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Whether a package price can be split over these per-package numbers. */
export const canSplit = (packagePrice: number, nums: readonly number[]): boolean => packagePrice % nums.reduce(gcd, 0) === 0;

/** Unit prices per goods (same order as items) for one package. Throws SPLIT_IMPOSSIBLE when no exact split exists. */
export function splitPackagePrice(packagePrice: Cents, items: readonly SplitItem[]): Cents[] {
  if (items.length === 0) return [];
  if (!canSplit(packagePrice, items.map((item) => item.num))) return fail(SPLIT_IMPOSSIBLE);
  const shares = allocateCents(packagePrice, items.map((item) => item.priceCents * item.num));
  const ones = items.map((item, index) => ({ item, index })).filter(({ item }) => item.num === 1);
  const heaviest = (candidates: Array<{ item: SplitItem; index: number }>) =>
    candidates.reduce((best, next) => (next.item.priceCents * next.item.num > best.item.priceCents * best.item.num ? next : best)).index;
  const balance = ones.length > 0 ? heaviest(ones) : heaviest(items.map((item, index) => ({ item, index })));
  const units = items.map((item, index) => (index === balance ? 0 : Math.floor(shares[index]! / item.num)));
  const others = () => items.reduce((sum, item, index) => sum + (index === balance ? 0 : item.num * units[index]!), 0);
  const modulus = items[balance]!.num;
  let rest = packagePrice - others();
  if (rest % modulus !== 0) {
    // Shortest path over rest mod modulus: adding one unit to goods i lowers rest by num_i.
    const start = rest % modulus;
    const previous = new Map<number, { from: number; index: number }>([[start, { from: -1, index: -1 }]]);
    const queue = [start];
    while (queue.length > 0 && !previous.has(0)) {
      const residue = queue.shift()!;
      items.forEach((item, index) => {
        if (index === balance) return;
        const next = (((residue - item.num) % modulus) + modulus) % modulus;
        if (!previous.has(next)) {
          previous.set(next, { from: residue, index });
          queue.push(next);
        }
      });
    }
    if (!previous.has(0)) return fail(SPLIT_IMPOSSIBLE);
    for (let residue = 0; residue !== start; ) {
      const step = previous.get(residue)!;
      units[step.index]! += 1;
      residue = step.from;
    }
    rest = packagePrice - others();
  }
  if (rest < 0 || rest % modulus !== 0) return fail(SPLIT_IMPOSSIBLE);
  units[balance] = rest / modulus;
  return units.map((unit) => cents(unit));
}
