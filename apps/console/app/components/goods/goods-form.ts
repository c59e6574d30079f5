import dayjs, { type Dayjs } from "dayjs";
import type { BodyOf } from "@shop/contract";
import type { StaffGoodsInfo } from "@shop/contract/domains/goods-admin";

/** The goods editor's antd form values (specs and SKUs are held beside the form: sku-model.ts). */
export interface GoodsFormValues {
  goods_name: string;
  goods_class: number;
  category_id: number[];
  brand_id: number;
  goods_image: string[];
  video_url: string;
  introduction: string;
  keywords: string;
  unit: string;
  goods_content: string;
  goods_state: number;
  sort: number;
  support_trade_type: string[];
  is_free_shipping: boolean;
  shipping_template: number;
  virtual_indate: number;
  min_buy: number;
  max_buy: number;
  virtual_sale: number;
  is_consume_discount: boolean;
  timer_on: Dayjs | null;
  timer_off: Dayjs | null;
  goods_service_ids: number[];
  label_id: number;
}

/** Fields the page does not edit but keeps as stored (the goods' attributes). */
export interface KeptFields {
  goods_attr_format: string;
}

export const NEW_GOODS: GoodsFormValues = {
  goods_name: "", goods_class: 1, category_id: [], brand_id: 0, goods_image: [], video_url: "", introduction: "", keywords: "", unit: "件",
  goods_content: "", goods_state: 1, sort: 0, support_trade_type: ["express"], is_free_shipping: true, shipping_template: 0, virtual_indate: 0,
  min_buy: 0, max_buy: 0, virtual_sale: 0, is_consume_discount: true, timer_on: null, timer_off: null, goods_service_ids: [], label_id: 0,
};

const timeOf = (unix: number) => (unix > 0 ? dayjs.unix(unix) : null);

export function formValuesOf(info: StaffGoodsInfo): { values: GoodsFormValues; kept: KeptFields } {
  return {
    values: {
      goods_name: info.goods_name, goods_class: info.goods_class, category_id: info.category_id, brand_id: info.brand_id,
      goods_image: info.goods_image.split(",").filter(Boolean), video_url: info.video_url, introduction: info.introduction, keywords: info.keywords,
      unit: info.unit, goods_content: info.goods_content, goods_state: info.goods_state, sort: info.sort,
      support_trade_type: info.support_trade_type.split(",").filter(Boolean), is_free_shipping: info.is_free_shipping === 1,
      shipping_template: info.shipping_template, virtual_indate: info.virtual_indate, min_buy: info.min_buy, max_buy: info.max_buy,
      virtual_sale: info.virtual_sale, is_consume_discount: info.is_consume_discount === 1, timer_on: timeOf(info.timer_on), timer_off: timeOf(info.timer_off),
      goods_service_ids: info.goods_service_ids.split(",").filter(Boolean).map(Number), label_id: info.label_id,
    },
    kept: { goods_attr_format: info.goods_attr_format || "[]" },
  };
}

/** The addgoods body (editgoods adds goods_id and version). */
export function goodsBody(values: GoodsFormValues, kept: KeptFields | null, specs: { goods_spec_format: string; goods_sku_data: string }): BodyOf<"/shopapi/goods/addgoods"> {
  const virtual = values.goods_class === 2;
  return {
    ...values,
    goods_image: values.goods_image.join(","),
    support_trade_type: virtual ? "virtual" : values.support_trade_type.join(","),
    is_free_shipping: values.is_free_shipping ? 1 : 0,
    is_consume_discount: values.is_consume_discount ? 1 : 0,
    timer_on: values.timer_on ? values.timer_on.unix() : 0,
    timer_off: values.timer_off ? values.timer_off.unix() : 0,
    goods_service_ids: (values.goods_service_ids ?? []).join(","),
    label_id: values.label_id ?? 0,
    goods_attr_format: kept?.goods_attr_format ?? "[]",
    ...specs,
  } as unknown as BodyOf<"/shopapi/goods/addgoods">;
}
