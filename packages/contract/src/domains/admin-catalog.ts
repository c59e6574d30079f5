import { z } from "zod";
import { endpoint, id, paging, text } from "../endpoint.ts";
import type { Page } from "../codes.ts";
import { deliveryAdminEndpoints } from "./admin-catalog-delivery.ts";
import { flag, picture, serviceIcon, sortValue, sortArray, requiredName } from "./admin-catalog-fields.ts";

export * from "./admin-catalog-delivery.ts";
export * from "./admin-catalog-fields.ts";

/**
 * Staff calls of the back office for goods categories, brands, services, labels, stores, express companies and freight templates (goods.manage).
 * Named after the reference admin's controllers and actions in lower case (/shopapi/<controller>/<action>).
 * Every write is logged, purges what the storefront caches of it and (names of categories and
 * brands) re-indexes the goods search. docs/api/console-catalog.md.
 */

/** The deepest category level (一级 → 三级), as the storefront's menus show them. */
export const MAX_CATEGORY_LEVEL = 3;

/** A category as the back office sees it: shown or hidden, with its goods count. */
export interface AdminCategory {
  category_id: number;
  category_name: string;
  short_name: string;
  pid: number;
  level: number;
  category_id_path: string;
  category_full_name: string;
  image: string;
  image_adv: string;
  link_url: string;
  keywords: string;
  description: string;
  is_show: number;
  sort: number;
  /** goods filed under it or its sub-categories (recycle bin included) */
  goods_count: number;
}

export interface AdminCategoryNode extends AdminCategory {
  child_list: AdminCategoryNode[];
}

const categoryFields = {
  category_name: requiredName(50),
  short_name: text(20).default(""),
  /** parent category, 0 for a level-1 category */
  pid: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
  image: picture,
  image_adv: picture,
  link_url: text(255).default(""),
  keywords: text(255).default(""),
  description: text(1000).default(""),
  is_show: flag.default(1),
  sort: sortValue,
};

export interface AdminBrand {
  brand_id: number;
  brand_name: string;
  brand_initial: string;
  image_url: string;
  banner: string;
  brand_desc: string;
  is_recommend: number;
  sort: number;
  /** goods of this brand (recycle bin included) */
  goods_count: number;
}

/** "A"–"Z" or "#"; "" lets the server take the name's first letter (or "#"). */
const brandInitialInput = z.string().trim().toUpperCase().regex(/^[A-Z#]?$/, "首字母只能是 A–Z 或 #").default("");

const brandFields = {
  brand_name: requiredName(50),
  brand_initial: brandInitialInput,
  image_url: picture,
  banner: picture,
  brand_desc: text(1000).default(""),
  is_recommend: flag.default(0),
  sort: sortValue,
};

export interface AdminGoodsService {
  id: number;
  service_name: string;
  desc: string;
  icon: string;
  sort: number;
}

const serviceFields = {
  service_name: requiredName(30),
  desc: text(200).default(""),
  /** the reference's JSON {"iconType":"img","imageUrl":"upload/…"} (serviceIconValue), or "" */
  icon: serviceIcon,
  sort: sortValue,
};

export interface AdminGoodsLabel {
  id: number;
  label_name: string;
  sort: number;
  create_time: number;
}

const labelFields = { label_name: requiredName(20), sort: sortValue };

export const catalogAdminEndpoints = {
  // ---- goodscategory ----
  /** every category (shown or not) as a tree, siblings by sort then id */
  "/shopapi/goodscategory/lists": endpoint<AdminCategoryNode[]>()(z.object({})),
  "/shopapi/goodscategory/addcategory": endpoint<{ category_id: number }>()(z.object(categoryFields)),
  /** edits the fields; a new pid moves it with its sub-tree (level ≤ 3), goods following */
  "/shopapi/goodscategory/editcategory": endpoint<{ category_id: number }>()(z.object({ category_id: id, ...categoryFields })),
  /** refused while it has sub-categories or goods */
  "/shopapi/goodscategory/deletecategory": endpoint<{ category_id: number }>()(z.object({ category_id: id })),
  /** new sort values for siblings (drag sorting) */
  "/shopapi/goodscategory/modifysort": endpoint<{ changed: number }>()(
    z.object({ category_sort_array: sortArray(z.object({ category_id: id, sort: sortValue })) }),
  ),
  "/shopapi/goodscategory/modifyshow": endpoint<{ category_id: number }>()(z.object({ category_id: id, is_show: flag })),

  // ---- goodsbrand ----
  /** brand_id: that one brand (a picker naming its chosen brand) */
  "/shopapi/goodsbrand/lists": endpoint<Page<AdminBrand>>()(z.object({ ...paging, search_text: text(50).optional(), brand_id: id.optional() })),
  "/shopapi/goodsbrand/addbrand": endpoint<{ brand_id: number }>()(z.object(brandFields)),
  /** a new name is written onto its goods (lists and search show it) */
  "/shopapi/goodsbrand/editbrand": endpoint<{ brand_id: number }>()(z.object({ brand_id: id, ...brandFields })),
  /** refused while goods use it */
  "/shopapi/goodsbrand/deletebrand": endpoint<{ brand_id: number }>()(z.object({ brand_id: id })),
  "/shopapi/goodsbrand/modifysort": endpoint<{ brand_id: number }>()(z.object({ brand_id: id, sort: sortValue })),

  // ---- goodsservice ----
  "/shopapi/goodsservice/lists": endpoint<AdminGoodsService[]>()(z.object({})),
  "/shopapi/goodsservice/add": endpoint<{ id: number }>()(z.object(serviceFields)),
  "/shopapi/goodsservice/edit": endpoint<{ id: number }>()(z.object({ id, ...serviceFields })),
  /** also taken off the goods that offered it */
  "/shopapi/goodsservice/delete": endpoint<{ id: number }>()(z.object({ id })),
  /** new sort values (drag sorting): the detail page lists services in this order */
  "/shopapi/goodsservice/modifysort": endpoint<{ changed: number }>()(z.object({ service_sort_array: sortArray(z.object({ id, sort: sortValue })) })),

  // ---- goodslabel ----
  "/shopapi/goodslabel/lists": endpoint<AdminGoodsLabel[]>()(z.object({})),
  "/shopapi/goodslabel/add": endpoint<{ id: number }>()(z.object(labelFields)),
  "/shopapi/goodslabel/edit": endpoint<{ id: number }>()(z.object({ id, ...labelFields })),
  "/shopapi/goodslabel/delete": endpoint<{ id: number }>()(z.object({ id })),
  "/shopapi/goodslabel/modifysort": endpoint<{ changed: number }>()(z.object({ label_sort_array: sortArray(z.object({ id, sort: sortValue })) })),

  ...deliveryAdminEndpoints,
};
