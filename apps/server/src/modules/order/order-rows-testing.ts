import type { Insertable } from "kysely";
import type { OrderTable } from "../../db/schema-money.ts";

/**
 * A plain order row for tests and benches that need many orders fast (inserted straight, no checkout):
 * a paid express order of one piece, ¥10.00, to receiver 张三 in Beijing; `fields` override any column.
 */
export function plainOrderRow(fields: Partial<Insertable<OrderTable>> & Pick<Insertable<OrderTable>, "order_no">): Insertable<OrderTable> {
  const created = fields.create_time ?? 1_765_000_000;
  return {
    order_key: null, out_trade_no: "", site_id: 0, member_id: 1, order_name: "商品", order_type: 1, order_from: "pc", order_status: 1, pay_status: 1,
    pay_type: "balance", pay_time: created + 60, delivery_type: "express", name: "张三", mobile: "13900000000", telephone: "", province_id: 110000,
    city_id: 110100, district_id: 110101, address: "长安街 1 号", full_address: "北京市 市辖区 东城区", longitude: "", latitude: "", delivery_store_id: 0,
    delivery_store_name: "", delivery_store_info: "", buyer_ask_delivery_time: "", verify_code: "", goods_money_cents: 1000, delivery_money_cents: 0,
    promotion_money_cents: 0, coupon_money_cents: 0, point_money_cents: 0, balance_money_cents: 0, adjust_money_cents: 0, invoice_money_cents: 0,
    order_money_cents: 1000, pay_money_cents: 1000, point: 0, goods_num: 1, is_invoice: 0, invoice_type: 0, invoice_title_type: 0, invoice_title: "",
    taxpayer_number: "", invoice_content: "", invoice_email: "", invoice_full_address: "", buyer_message: "", create_time: created, delivery_time: 0,
    sign_time: 0, finish_time: 0, close_time: 0, close_cause: "", auto_close_time: created + 1800, is_delete: 0, is_evaluate: 0, promotion_type: "",
    ...fields,
  };
}
