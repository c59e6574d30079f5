import { cents, ZERO_CENTS, type Cents } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import type { PricedLine } from "./order-lines.ts";

/**
 * Express freight by a template: the shop's default one, or a goods' own (freight-by-goods.ts).
 * A template charges by weight (fee_type 1, grams) or by item count (fee_type 2): the rule of the
 * destination province (else the rule for "everywhere else") gives a first unit with its fee and
 * each further started unit with its fee. Goods marked free shipping add no units.
 */
export const FEE_BY_WEIGHT = 1;
export const FEE_BY_COUNT = 2;

export interface FreightRule {
  /** ",650000,540000," province codes; "" = everywhere else */
  region_ids: string;
  first_unit: number;
  first_cents: number;
  continue_unit: number;
  continue_cents: number;
}

export interface FreightTemplate {
  fee_type: number;
  rules: FreightRule[];
}

/** The default template (the first one marked default, else the first one), or null when the shop has none. */
export async function loadDefaultTemplate(db: Db): Promise<FreightTemplate | null> {
  const template = await db
    .selectFrom("express_template")
    .select(["template_id", "fee_type"])
    .orderBy("is_default", "desc")
    .orderBy("template_id")
    .executeTakeFirst();
  if (!template) return null;
  const rules = await db
    .selectFrom("express_template_item")
    .select(["region_ids", "first_unit", "first_cents", "continue_unit", "continue_cents"])
    .where("template_id", "=", template.template_id)
    .orderBy("id")
    .execute();
  return { fee_type: template.fee_type, rules };
}

/** The rule for a province: its own, else the catch-all; undefined when the template does not deliver there. */
export function ruleFor(template: FreightTemplate, provinceId: number): FreightRule | undefined {
  return (
    template.rules.find((rule) => rule.region_ids.includes(`,${provinceId},`)) ??
    template.rules.find((rule) => rule.region_ids.replace(/,/g, "") === "")
  );
}

/** Units the template charges for: grams or items of the lines that are not free shipping. */
export function chargedUnits(feeType: number, lines: Pick<PricedLine, "num" | "weight" | "isFreeShipping">[]): number {
  return lines
    .filter((line) => !line.isFreeShipping)
    .reduce((sum, line) => sum + (feeType === FEE_BY_WEIGHT ? line.weight * line.num : line.num), 0);
}

/** first fee + one continue fee per started continue unit beyond the first unit. */
export function feeForUnits(rule: FreightRule, units: number): Cents {
  if (units <= 0) return ZERO_CENTS;
  const beyond = Math.max(0, units - rule.first_unit);
  const steps = rule.continue_unit > 0 ? Math.ceil(beyond / rule.continue_unit) : 0;
  return cents(rule.first_cents + steps * rule.continue_cents);
}

export type ExpressFee = { deliverable: true; fee: Cents } | { deliverable: false };

/** The freight of the lines to a province, before free-shipping thresholds. */
export function expressFee(template: FreightTemplate | null, provinceId: number, lines: PricedLine[]): ExpressFee {
  if (!template) return { deliverable: true, fee: ZERO_CENTS };
  const units = chargedUnits(template.fee_type, lines);
  if (units === 0) return { deliverable: true, fee: ZERO_CENTS };
  const rule = ruleFor(template, provinceId);
  if (!rule) return { deliverable: false };
  return { deliverable: true, fee: feeForUnits(rule, units) };
}
