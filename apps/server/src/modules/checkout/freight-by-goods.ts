import { addCents, ZERO_CENTS } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { expressFee, loadDefaultTemplate, type ExpressFee, type FreightRule, type FreightTemplate } from "./freight.ts";
import type { PricedLine } from "./order-lines.ts";

/**
 * Express freight by each goods' own template (goods.shipping_template, chosen in the goods
 * editor); goods without one, or whose template is gone, go by the shop's default template.
 * Lines are grouped by template and each group is charged by its template (as the reference
 * does), the fees added up; a group its template does not deliver to makes the order undeliverable.
 */
export async function goodsExpressFee(db: Db, provinceId: number, lines: PricedLine[]): Promise<ExpressFee> {
  const goodsIds = [...new Set(lines.map((line) => line.goodsId))];
  const owned = goodsIds.length
    ? await db.selectFrom("goods").select(["goods_id", "shipping_template"]).where("goods_id", "in", goodsIds).where("shipping_template", ">", 0).execute()
    : [];
  const templates = await loadTemplates(db, [...new Set(owned.map((row) => row.shipping_template))]);
  const templateOfGoods = new Map(owned.filter((row) => templates.has(row.shipping_template)).map((row) => [row.goods_id, row.shipping_template]));
  const groups = new Map<number, PricedLine[]>();
  for (const line of lines) {
    const templateId = templateOfGoods.get(line.goodsId) ?? 0;
    groups.set(templateId, [...(groups.get(templateId) ?? []), line]);
  }
  let fee = ZERO_CENTS;
  for (const [templateId, group] of groups) {
    const template = templateId === 0 ? await loadDefaultTemplate(db) : templates.get(templateId)!;
    const groupFee = expressFee(template, provinceId, group);
    if (!groupFee.deliverable) return groupFee;
    fee = addCents(fee, groupFee.fee);
  }
  return { deliverable: true, fee };
}

async function loadTemplates(db: Db, ids: number[]): Promise<Map<number, FreightTemplate>> {
  if (ids.length === 0) return new Map();
  const templates = await db.selectFrom("express_template").select(["template_id", "fee_type"]).where("template_id", "in", ids).execute();
  const rules = await db
    .selectFrom("express_template_item")
    .select(["template_id", "region_ids", "first_unit", "first_cents", "continue_unit", "continue_cents"])
    .where("template_id", "in", ids)
    .orderBy("id")
    .execute();
  return new Map(
    templates.map((template) => [
      template.template_id,
      { fee_type: template.fee_type, rules: rules.filter((rule) => rule.template_id === template.template_id) satisfies FreightRule[] },
    ]),
  );
}
