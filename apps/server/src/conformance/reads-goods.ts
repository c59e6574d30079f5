import { codeOnly, json, list, nullable, page, tree, type FieldSpec, type Shape } from "./field-shape.ts";
import { serviceIcon } from "./reads-site.ts";

/**
 * What a reference client reads from the catalogue calls: the reference's "Goods" part (list items,
 * the SKU detail and its JSON-in-string fields, categories, brands, evaluations), plus the fields
 * the issue found missing (evaluate_config, the category row's child_list and category_id_1..3).
 */

const categorySummary: Shape = {
  category_id: "integer", category_name: "string", short_name: "string", pid: "integer", level: "integer", image: "picture",
  image_adv: "picture", link_url: "string", icon: "picture",
};

const skuSpecValues = json(list({ spec_id: "integer", spec_name: "string", spec_value_id: "integer", spec_value_name: "string" }));
/** goods_spec_format: each value carries the sku_id the client switches to. */
const goodsSpecFormat = json(
  list({
    spec_id: "integer",
    spec_name: "string",
    value: list({ spec_id: "integer", spec_name: "string", spec_value_id: "integer", spec_value_name: "string", sku_id: "integer", image: "picture" }),
  }),
);

const flatSku: Shape = {
  sku_id: "integer", goods_id: "integer", sku_name: "string", goods_name: "string", price: "money", market_price: "money",
  discount_price: "money", member_price: "money", stock: "integer", sku_image: "picture", sku_images: "pictures",
  sku_spec_format: skuSpecValues, goods_spec_format: goodsSpecFormat, unit: "string", max_buy: "integer", min_buy: "integer",
};

export const goodsListItem: Shape = {
  goods_id: "integer", sku_id: "integer", sku_name: "string", goods_name: "string", price: "money", market_price: "money",
  discount_price: "money", member_price: "money", stock: "integer", goods_stock: "integer", sale_num: "integer", sku_image: "picture",
  goods_image: "pictures", is_free_shipping: "flag", promotion_type: "integer", introduction: "string", unit: "string",
  max_buy: "integer", min_buy: "integer", label_name: "string",
};

const brandItem: Shape = { brand_id: "integer", brand_name: "string", brand_initial: "string", image_url: "picture", banner: "picture", brand_desc: "string" };

const storeItem: Shape = {
  store_id: "integer", store_name: "string", telphone: "string", store_image: "picture", full_address: "string", address: "string",
  longitude: "string", latitude: "string", open_date: "string",
};

export const goodsReads: Record<string, FieldSpec> = {
  "/api/goodscategory/tree": tree(categorySummary, "child_list", 3),
  // Asked for a level-3 category (the list page of a leaf): its path ids and no children.
  "/api/goodscategory/info": {
    ...categorySummary,
    category_full_name: "string",
    category_id_1: "integer",
    category_id_2: "integer",
    category_id_3: "integer",
    child_list: list(categorySummary, { mayBeEmpty: true }),
  },
  "/api/goodscategory/lists": list(categorySummary),
  "/api/goodssku/detail": {
    goods_sku_detail: {
      ...flatSku,
      goods_state: "integer", is_free_shipping: "flag", introduction: "string", goods_image: "pictures", goods_content: "string",
      video_url: "picture", goods_attr_format: json(list({ attr_name: "string", attr_value_name: "string" })), sale_num: "integer",
      collect_num: "integer", evaluate: "integer", category_id: "string",
      goods_service: list({ service_name: "string", desc: "string", icon: serviceIcon }),
      evaluate_config: { evaluate_show: "flag", evaluate_audit: "flag" },
    },
    member_info: nullable({ member_id: "integer", member_level: "integer", member_level_name: "string" }),
  },
  "/api/goodssku/info": flatSku,
  "/api/goodssku/goodsqrcode": { path: { h5: { img: "picture", url: "string" } } },
  "/api/goodssku/recommend": page({
    goods_id: "integer", sku_id: "integer", goods_name: "string", goods_image: "pictures", price: "money", market_price: "money",
    discount_price: "money", sale_num: "integer",
  }),
  "/api/goods/aftersale": { content: "string" },
  "/api/goods/modifyclicks": codeOnly,
  "/api/goodsevaluate/page": page({
    evaluate_id: "integer", content: "string", images: "pictures", scores: "integer", explain_type: "integer", explain_first: "string",
    member_name: "string", member_headimg: "picture", is_anonymous: "flag", again_content: "string", again_images: "pictures",
    create_time: "unix", again_time: "unix",
  }),
  "/api/goodsevaluate/getgoodsevaluate": { total: "integer", haoping: "integer", zhongping: "integer", chaping: "integer" },
};

export const searchReads: Record<string, FieldSpec> = {
  "/api/goodssku/page": page(goodsListItem),
  // Ours: the storefront's filter bar and search box.
  "/api/goodssku/brands": { list: list({ brand_id: "integer", brand_name: "string", image_url: "picture", goods_count: "integer" }) },
  "/api/goodssku/categories": {
    list: list({ category_id: "integer", category_name: "string", short_name: "string", pid: "integer", level: "integer", goods_count: "integer" }),
  },
  "/api/goods/searchSuggest": { list: list({ keyword: "string", goods_count: "integer" }) },
};

export const brandReads: Record<string, FieldSpec> = {
  "/api/goodsbrand/page": page(brandItem),
  // Ours: the A–Z bar and the list's brand filter.
  "/api/goodsbrand/initials": list({ brand_initial: "string", count: "integer" }),
  "/api/goodsbrand/info": brandItem,
};

/** Ours (the /street shop search); the reference has stores only inside checkout's store_list. */
export const storeReads: Record<string, FieldSpec> = {
  "/api/store/page": page(storeItem),
  "/api/store/info": storeItem,
};
