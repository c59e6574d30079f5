import { z } from "zod";
import { id, text } from "../endpoint.ts";
import { yuanInput } from "../money-input.ts";
import { ZERO_CENTS } from "../money.ts";

/**
 * The goods editor's form (/shopapi/goods/addgoods and editgoods), with the reference's field
 * names: goods_spec_format and goods_sku_data may come as JSON strings (as Niushop's admin sends
 * them) or as arrays; pictures, services and delivery ways as comma lists or arrays. Money in yuan.
 */
export const MAX_STOCK = 99_999_999;
export const MAX_SPECS = 3;
export const MAX_SPEC_VALUES = 20;
export const MAX_SKUS = 400;
export const MAX_GOODS_PICTURES = 10;
export const MAX_CONTENT_LENGTH = 200_000;
export const TRADE_TYPES = ["express", "store", "local", "virtual"] as const;
export type TradeType = (typeof TRADE_TYPES)[number];

/** A JSON string (the reference's way) or the value itself. */
const json = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== "string") return value;
    if (value.trim() === "") return [];
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }, schema);

/** "a,b,c" or ["a","b","c"]: trimmed, empty entries dropped. */
const commaList = <T extends z.ZodType>(item: T, min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.split(",").map((entry) => entry.trim()).filter(Boolean) : value),
    z.array(item).min(min).max(max),
  );

const count = (max = MAX_STOCK) => z.coerce.number().int().min(0).max(max);
const flag = z.coerce.number().int().min(0).max(1);
/** unix seconds; "" or 0 = none */
const timestamp = z.preprocess((value) => (value === "" || value === null ? 0 : value), z.coerce.number().int().min(0).max(4_102_444_800));
/** a decimal with at most `places` decimals, as a whole number of 10^-places units (kg → g, m³ → cm³) */
const scaled = (places: number, max: number) =>
  z.union([z.string(), z.number()]).transform((value, ctx) => {
    const textValue = String(value).trim();
    if (textValue === "") return 0;
    if (!new RegExp(`^\\d+(\\.\\d{1,${places}})?$`).test(textValue) || Number(textValue) > max) {
      ctx.addIssue({ code: "invalid_format", format: "decimal", input: textValue });
      return z.NEVER;
    }
    return Math.round(Number(textValue) * 10 ** places);
  });

export const specValueSchema = z.object({
  spec_value_id: id,
  spec_value_name: text(30).min(1),
  image: text(255).default(""),
});
export const specSchema = z.object({
  spec_id: id,
  spec_name: text(20).min(1),
  value: z.array(specValueSchema).min(1).max(MAX_SPEC_VALUES),
});
export const skuSpecValueSchema = z.object({ spec_id: id, spec_name: text(20).default(""), spec_value_id: id, spec_value_name: text(30).default("") });

export const skuDataSchema = z.object({
  /** an existing SKU of this goods (editgoods); absent or 0 for a new one */
  sku_id: z.coerce.number().int().min(0).default(0),
  sku_spec_format: json(z.array(skuSpecValueSchema).max(MAX_SPECS)).default([]),
  price: yuanInput(),
  market_price: yuanInput().default(ZERO_CENTS),
  cost_price: yuanInput().default(ZERO_CENTS),
  stock: count(),
  stock_alarm: count().default(0),
  sku_no: text(50).default(""),
  /** kilograms, up to 3 decimals */
  weight: scaled(3, 100_000).default(0),
  /** cubic metres, up to 6 decimals */
  volume: scaled(6, 1_000).default(0),
  sku_image: text(255).default(""),
  sku_images: commaList(text(255), 0, MAX_GOODS_PICTURES).default([]),
  is_default: flag.default(0),
});
export type SkuDataInput = z.infer<typeof skuDataSchema>;

export const goodsFormFields = {
  goods_name: text(100).min(1),
  /** 1 physical, 2 virtual */
  goods_class: z.coerce.number().int().min(1).max(2).default(1),
  /** the category path, level 1 first (1–3 ids); "1,12,123" also accepted */
  category_id: commaList(id, 1, 3),
  brand_id: z.coerce.number().int().min(0).default(0),
  /** pictures in order, the first is the main picture */
  goods_image: commaList(text(255), 1, MAX_GOODS_PICTURES),
  video_url: z.union([z.literal(""), z.string().trim().max(255).regex(/^(https?:\/\/|upload\/|\/upload\/)\S+$/)]).default(""),
  goods_content: z.string().max(MAX_CONTENT_LENGTH).default(""),
  introduction: text(100).default(""),
  keywords: text(100).default(""),
  unit: text(10).default(""),
  goods_service_ids: commaList(id, 0, 20).default([]),
  label_id: z.coerce.number().int().min(0).default(0),
  goods_state: flag.default(1),
  sort: z.coerce.number().int().min(0).max(99_999).default(0),
  /** express, store (pickup), local; virtual goods: virtual */
  support_trade_type: commaList(z.enum(TRADE_TYPES), 1, 4),
  is_free_shipping: flag.default(0),
  shipping_template: z.coerce.number().int().min(0).default(0),
  /** virtual goods: days the code stays valid after payment (0 = never expires) */
  virtual_indate: count(3650).default(0),
  min_buy: count(99_999).default(0),
  max_buy: count(99_999).default(0),
  /** shown added to the real sales */
  virtual_sale: count().default(0),
  /** 会员折扣: member level discounts apply to this goods (on unless staff switch it off) */
  is_consume_discount: flag.default(1),
  timer_on: timestamp.default(0),
  timer_off: timestamp.default(0),
  goods_attr_format: json(z.array(z.object({ attr_name: text(30), attr_value_name: text(100) })).max(50)).default([]),
  goods_spec_format: json(z.array(specSchema).max(MAX_SPECS)).default([]),
  goods_sku_data: json(z.array(skuDataSchema).min(1).max(MAX_SKUS)),
};

export const addGoodsBody = z.object(goodsFormFields);
export const editGoodsBody = z.object({
  ...goodsFormFields,
  goods_id: id,
  /** the version editgetgoodsinfo answered: the edit is refused when someone saved in between */
  version: z.coerce.number().int().min(0),
});
export type GoodsFormInput = z.infer<typeof addGoodsBody>;
