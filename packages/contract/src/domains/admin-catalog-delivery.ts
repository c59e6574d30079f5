import { z } from "zod";
import { endpoint, id, paging, text } from "../endpoint.ts";
import type { Page } from "../codes.ts";
import { yuanInput } from "../money-input.ts";
import { ZERO_CENTS } from "../money.ts";
import type { StoreItem } from "./store.ts";
import { flag, picture, requiredName, sortValue } from "./admin-catalog-fields.ts";

/**
 * Back office (goods.manage): stores (pickup points, /shopapi/store/*), express companies and
 * freight templates (/shopapi/express/*, the reference's Express controller).
 */

/** A store as the back office sees it: open (status 1) or closed (0), with its region codes. */
export interface AdminStore extends StoreItem {
  province_id: number;
  city_id: number;
  district_id: number;
  status: number;
  create_time: number;
}

/** A phone a shopper can dial: digits, spaces, +, - and brackets. */
const phone = text(20).min(1).regex(/^[0-9+\-() ]{5,20}$/, "联系电话格式不正确");

/** "" or a decimal coordinate within ±limit. */
const coordinate = (limit: number, label: string) =>
  text(20)
    .refine((value) => value === "" || (/^-?\d{1,3}(\.\d{1,8})?$/.test(value) && Math.abs(Number(value)) <= limit), `${label}格式不正确`)
    .default("");

/** Opening hours "09:00-21:00": checkout offers pickup times inside them (modules/checkout/pickup.ts). */
export const OPENING_HOURS_PATTERN = /^([01]?\d|2[0-3]):([0-5]\d)\s*-\s*([01]?\d|2[0-4]):([0-5]\d)$/;
const hours = text(20)
  .min(1)
  .refine((value) => {
    const match = OPENING_HOURS_PATTERN.exec(value);
    return match !== null && Number(match[1]) * 60 + Number(match[2]) < Number(match[3]) * 60 + Number(match[4]);
  }, "营业时间格式应为 09:00-21:00，且开门早于关门");

const regionCode = z.coerce.number().int().positive().max(999_999);

const storeFields = {
  store_name: requiredName(50),
  telphone: phone,
  store_image: picture,
  province_id: regionCode,
  city_id: regionCode,
  district_id: regionCode,
  address: requiredName(120),
  longitude: coordinate(180, "经度"),
  latitude: coordinate(90, "纬度"),
  open_date: hours,
  status: flag.default(1),
};

export interface AdminExpressCompany {
  company_id: number;
  company_name: string;
  /** the company's code for tracking (快递100 / 菜鸟 code, e.g. SF, YTO) */
  code: string;
  sort: number;
}

const companyFields = {
  company_name: requiredName(50),
  code: text(30).regex(/^[A-Za-z0-9_]*$/, "快递编码只能是字母、数字或下划线").default(""),
  sort: sortValue,
};

/** Freight by weight (grams) or by item count. Volume (the reference's 2) is not offered. */
export const FREIGHT_FEE_TYPES = { weight: 1, count: 2 } as const;

/** One rule of a template: provinces (none = everywhere else), first unit and fee, each further unit and fee. */
export interface AdminFreightRule {
  id: number;
  /** province codes; [] = 其余地区 (the rule for every province not named by another rule) */
  region_ids: number[];
  /** "北京市、上海市" or "其余地区" */
  region_names: string;
  first_unit: number;
  /** yuan, "10.00" */
  first_fee: string;
  continue_unit: number;
  continue_fee: string;
}

export interface AdminFreightTemplate {
  template_id: number;
  template_name: string;
  fee_type: number;
  is_default: number;
  items: AdminFreightRule[];
}

const MAX_UNIT = 1_000_000;
const ruleInput = z.object({
  region_ids: z.array(regionCode).max(40).default([]),
  first_unit: z.coerce.number().int().min(1).max(MAX_UNIT),
  first_fee: yuanInput(),
  continue_unit: z.coerce.number().int().min(0).max(MAX_UNIT).default(0),
  continue_fee: yuanInput().default(ZERO_CENTS),
});

const templateFields = {
  template_name: requiredName(50),
  fee_type: z.coerce.number().int().refine((value) => value === 1 || value === 2, "计费方式只能是按重量（1）或按件（2）"),
  is_default: flag.default(0),
  items: z
    .array(ruleInput)
    .min(1)
    .max(40)
    .superRefine((items, ctx) => {
      const seen = new Set<number>();
      let everywhereElse = 0;
      for (const item of items) {
        if (item.region_ids.length === 0) everywhereElse += 1;
        for (const region of item.region_ids) {
          if (seen.has(region)) ctx.addIssue({ code: "custom", message: "同一省份只能出现在一条运费规则里", path: ["region_ids"] });
          seen.add(region);
        }
      }
      if (everywhereElse > 1) ctx.addIssue({ code: "custom", message: "“其余地区”的运费规则只能有一条" });
    }),
};

export const deliveryAdminEndpoints = {
  // ---- store (门店 / 自提点) ----
  "/shopapi/store/lists": endpoint<Page<AdminStore>>()(
    z.object({ ...paging, search_text: text(50).optional(), status: z.coerce.number().int().min(-1).max(1).default(-1) }),
  ),
  "/shopapi/store/addstore": endpoint<{ store_id: number }>()(z.object(storeFields)),
  "/shopapi/store/editstore": endpoint<{ store_id: number }>()(z.object({ store_id: id, ...storeFields })),
  /** open (1) or close (0) a store: a closed one leaves the storefront and the pickup choice */
  "/shopapi/store/closestore": endpoint<{ store_id: number }>()(z.object({ store_id: id, status: flag })),
  /** orders keep the store as it was when they were placed */
  "/shopapi/store/deletestore": endpoint<{ store_id: number }>()(z.object({ store_id: id })),

  // ---- express companies ----
  "/shopapi/express/expresscompany": endpoint<Page<AdminExpressCompany>>()(z.object({ ...paging, search_text: text(50).optional() })),
  "/shopapi/express/addcompany": endpoint<{ company_id: number }>()(z.object(companyFields)),
  "/shopapi/express/editcompany": endpoint<{ company_id: number }>()(z.object({ company_id: id, ...companyFields })),
  /** orders already shipped keep the company's name */
  "/shopapi/express/deletecompany": endpoint<{ company_id: number }>()(z.object({ company_id: id })),

  // ---- freight templates ----
  "/shopapi/express/template": endpoint<AdminFreightTemplate[]>()(z.object({})),
  "/shopapi/express/addtemplate": endpoint<{ template_id: number }>()(z.object(templateFields)),
  "/shopapi/express/edittemplate": endpoint<{ template_id: number }>()(z.object({ template_id: id, ...templateFields })),
  "/shopapi/express/deletetemplate": endpoint<{ template_id: number }>()(z.object({ template_id: id })),
  /** the template checkout charges by */
  "/shopapi/express/defaulttemplate": endpoint<{ template_id: number }>()(z.object({ template_id: id })),
};
