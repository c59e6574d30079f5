import { formatYuan, type Cents, type Page } from "@shop/contract";
import type { AdminExpressCompany, AdminFreightTemplate } from "@shop/contract/domains/admin-catalog";
import type { Db } from "../../db/unit-of-work.ts";
import { expectAffected } from "../../db/conditional.ts";
import { BizError, fail } from "../../core/errors.ts";
import { Code } from "@shop/contract/codes";
import { paginate, type PageRequest } from "../../core/paging.ts";
import type { CatalogChange } from "../goods/catalog-change.ts";
import { containsText } from "../store/text-match.ts";

/**
 * Express companies (物流公司, the staff's choice when shipping) and freight templates (运费模板:
 * what checkout charges; modules/checkout/freight.ts reads them on every checkout, uncached) in
 * the back office, /shopapi/express/*.
 */

export interface CompanyInput {
  company_name: string;
  code: string;
  sort: number;
}

export function pageExpressCompanies(db: Db, request: PageRequest & { search_text?: string }): Promise<Page<AdminExpressCompany>> {
  let query = db.selectFrom("express_company").select(["company_id", "company_name", "code", "sort"]).orderBy("sort").orderBy("company_id");
  const keyword = request.search_text?.trim();
  if (keyword) query = query.where(containsText("company_name", keyword));
  return paginate(db, query, request);
}

async function refuseTwinCompany(db: Db, name: string, exceptId = 0): Promise<void> {
  const twin = await db.selectFrom("express_company").select("company_id").where("company_name", "=", name).where("company_id", "!=", exceptId).executeTakeFirst();
  if (twin) fail(`已有名为「${name}」的物流公司`);
}

export async function addExpressCompany(tx: Db, input: CompanyInput): Promise<CatalogChange<{ company_id: number }>> {
  await refuseTwinCompany(tx, input.company_name);
  const { company_id } = await tx.insertInto("express_company").values(input).returning("company_id").executeTakeFirstOrThrow();
  return { result: { company_id }, tags: [] };
}

export async function editExpressCompany(tx: Db, companyId: number, input: CompanyInput): Promise<CatalogChange<{ company_id: number }>> {
  await refuseTwinCompany(tx, input.company_name, companyId);
  expectAffected(await tx.updateTable("express_company").set(input).where("company_id", "=", companyId).executeTakeFirst(), 1, "物流公司不存在");
  return { result: { company_id: companyId }, tags: [] };
}

/** Packages already shipped keep the company's name (order_package.express_company_name). */
export async function deleteExpressCompany(tx: Db, companyId: number): Promise<CatalogChange<{ company_id: number }>> {
  expectAffected(await tx.deleteFrom("express_company").where("company_id", "=", companyId).executeTakeFirst(), 1, "物流公司不存在");
  return { result: { company_id: companyId }, tags: [] };
}

// ---- freight templates ----

export interface FreightRuleInput {
  region_ids: number[];
  first_unit: number;
  first_fee: Cents;
  continue_unit: number;
  continue_fee: Cents;
}

export interface TemplateInput {
  template_name: string;
  fee_type: number;
  is_default: number;
  items: FreightRuleInput[];
}

const EVERYWHERE_ELSE = "其余地区";

/** Every template with its rules (a shop has a handful), the default first. */
export async function listFreightTemplates(db: Db): Promise<AdminFreightTemplate[]> {
  const templates = await db
    .selectFrom("express_template")
    .select(["template_id", "template_name", "fee_type", "is_default"])
    .orderBy("is_default", "desc")
    .orderBy("template_id")
    .execute();
  if (templates.length === 0) return [];
  const rules = await db
    .selectFrom("express_template_item")
    .selectAll()
    .where("template_id", "in", templates.map((template) => template.template_id))
    .orderBy("id")
    .execute();
  const provinces = new Map(
    (await db.selectFrom("region").select(["id", "name"]).where("level", "=", 1).execute()).map((row) => [Number(row.id), row.name]),
  );
  return templates.map((template) => ({
    ...template,
    items: rules
      .filter((rule) => rule.template_id === template.template_id)
      .map((rule) => {
        const regionIds = rule.region_ids.split(",").filter(Boolean).map(Number);
        return {
          id: rule.id,
          region_ids: regionIds,
          region_names: regionIds.length ? regionIds.map((id) => provinces.get(id) ?? String(id)).join("、") : EVERYWHERE_ELSE,
          first_unit: rule.first_unit,
          first_fee: formatYuan(rule.first_cents),
          continue_unit: rule.continue_unit,
          continue_fee: formatYuan(rule.continue_cents),
        };
      }),
  }));
}

/** Rules name provinces only (checkout charges by the address' province). */
async function checkProvinces(db: Db, items: FreightRuleInput[]): Promise<void> {
  const ids = [...new Set(items.flatMap((item) => item.region_ids))];
  if (ids.length === 0) return;
  const found = await db.selectFrom("region").select("id").where("id", "in", ids).where("level", "=", 1).execute();
  if (found.length !== ids.length) throw new BizError("运费规则的地区只能选省份，请重新选择", Code.PARAM);
}

async function writeRules(tx: Db, templateId: number, items: FreightRuleInput[]): Promise<void> {
  await tx.deleteFrom("express_template_item").where("template_id", "=", templateId).execute();
  await tx
    .insertInto("express_template_item")
    .values(
      items.map((item) => ({
        template_id: templateId,
        region_ids: item.region_ids.length ? `,${item.region_ids.join(",")},` : "",
        first_unit: item.first_unit,
        first_cents: item.first_fee,
        continue_unit: item.continue_unit,
        continue_cents: item.continue_fee,
      })),
    )
    .execute();
}

/** One default at most: marking one unmarks the others. The first template is the default by itself. */
async function settleDefault(tx: Db, templateId: number, isDefault: number): Promise<void> {
  const others = await tx.selectFrom("express_template").select("template_id").where("template_id", "!=", templateId).where("is_default", "=", 1).execute();
  if (isDefault === 1 || others.length === 0) {
    await tx.updateTable("express_template").set({ is_default: 0 }).where("template_id", "!=", templateId).execute();
    await tx.updateTable("express_template").set({ is_default: 1 }).where("template_id", "=", templateId).execute();
  }
}

export async function addFreightTemplate(tx: Db, input: TemplateInput): Promise<CatalogChange<{ template_id: number }>> {
  await checkProvinces(tx, input.items);
  const { template_id } = await tx
    .insertInto("express_template")
    .values({ template_name: input.template_name, fee_type: input.fee_type, is_default: 0 })
    .returning("template_id")
    .executeTakeFirstOrThrow();
  await writeRules(tx, template_id, input.items);
  await settleDefault(tx, template_id, input.is_default);
  return { result: { template_id }, tags: [] };
}

export async function editFreightTemplate(tx: Db, templateId: number, input: TemplateInput): Promise<CatalogChange<{ template_id: number }>> {
  await checkProvinces(tx, input.items);
  const before = await tx.selectFrom("express_template").select("is_default").where("template_id", "=", templateId).executeTakeFirst();
  if (!before) return fail("运费模板不存在");
  // The default stays the default until another one is marked (checkout always has one).
  await tx.updateTable("express_template").set({ template_name: input.template_name, fee_type: input.fee_type }).where("template_id", "=", templateId).execute();
  await writeRules(tx, templateId, input.items);
  if (input.is_default === 1 && before.is_default !== 1) await settleDefault(tx, templateId, 1);
  return { result: { template_id: templateId }, tags: [] };
}

export async function setDefaultFreightTemplate(tx: Db, templateId: number): Promise<CatalogChange<{ template_id: number }>> {
  const found = await tx.selectFrom("express_template").select("template_id").where("template_id", "=", templateId).executeTakeFirst();
  if (!found) return fail("运费模板不存在");
  await settleDefault(tx, templateId, 1);
  return { result: { template_id: templateId }, tags: [] };
}

/** Refused while goods charge by it, and for the default while others exist (mark another first). */
export async function deleteFreightTemplate(tx: Db, templateId: number): Promise<CatalogChange<{ template_id: number }>> {
  const template = await tx.selectFrom("express_template").select(["template_name", "is_default"]).where("template_id", "=", templateId).executeTakeFirst();
  if (!template) return fail("运费模板不存在");
  const used = await tx.selectFrom("goods").select((eb) => eb.fn.countAll<number>().as("n")).where("shipping_template", "=", templateId).executeTakeFirstOrThrow();
  if (Number(used.n) > 0) fail(`还有 ${Number(used.n)} 个商品使用该运费模板，请先为这些商品换一个模板`);
  const others = await tx.selectFrom("express_template").select("template_id").where("template_id", "!=", templateId).execute();
  if (template.is_default === 1 && others.length > 0) fail("这是默认运费模板，请先把另一个模板设为默认再删除");
  await tx.deleteFrom("express_template_item").where("template_id", "=", templateId).execute();
  await tx.deleteFrom("express_template").where("template_id", "=", templateId).execute();
  return { result: { template_id: templateId }, tags: [], detail: { template_name: template.template_name } };
}
