import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { createIndex, tableBuilder } from "./frozen/table-builder.ts";

/** Checkout, orders, packages, payments and freight (issue 6). */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = tableBuilder(db, dialect);

  // What /api/ordercreate/payment saw, under the order_key that calculate and create refer to.
  await table("order_checkout", {
    order_key: "key", member_id: "int", source: "text", create_time: "int", expire_time: "int",
  });

  await table("orders", {
    order_id: "id", order_no: "str", order_key: "str?", out_trade_no: "str", site_id: "int", member_id: "int",
    order_name: "str", order_type: "int", order_from: "str", order_status: "int", pay_status: "int", pay_type: "str",
    pay_time: "int", delivery_type: "str",
    name: "str", mobile: "str", telephone: "str", province_id: "int", city_id: "int", district_id: "int",
    address: "str", full_address: "str", longitude: "str", latitude: "str",
    delivery_store_id: "int", delivery_store_name: "str", delivery_store_info: "text", buyer_ask_delivery_time: "str",
    verify_code: "str",
    goods_money_cents: "cents", delivery_money_cents: "cents", promotion_money_cents: "cents", coupon_money_cents: "cents",
    point_money_cents: "cents", balance_money_cents: "cents", adjust_money_cents: "signed-cents", invoice_money_cents: "cents",
    order_money_cents: "cents", pay_money_cents: "cents", point: "count", goods_num: "count",
    is_invoice: "int", invoice_type: "int", invoice_title_type: "int", invoice_title: "str", taxpayer_number: "str",
    invoice_content: "str", invoice_email: "str", invoice_full_address: "str",
    buyer_message: "str", create_time: "int", delivery_time: "int", sign_time: "int", finish_time: "int",
    close_time: "int", close_cause: "str", auto_close_time: "int", is_delete: "int", is_evaluate: "int",
  });
  await createIndex(db, "orders", ["order_no"], true);
  await createIndex(db, "orders", ["order_key"], true);
  await createIndex(db, "orders", ["member_id", "order_status"]);
  await createIndex(db, "orders", ["out_trade_no"]);

  await table("order_goods", {
    order_goods_id: "id", order_id: "int", member_id: "int", site_id: "int", goods_id: "int", sku_id: "int",
    sku_name: "str", sku_image: "str", sku_no: "str", goods_name: "str", spec_name: "str", goods_class: "int",
    price_cents: "cents", num: "count", goods_money_cents: "cents", real_goods_money_cents: "cents",
    delivery_status: "int", refund_status: "int", is_evaluate: "int",
  });
  await createIndex(db, "order_goods", ["order_id"]);

  await table("order_log", {
    id: "id", order_id: "int", action: "str", from_status: "int", to_status: "int", actor_type: "str", actor_id: "int",
    actor_name: "str", remark: "str", create_time: "int",
  });
  await createIndex(db, "order_log", ["order_id"]);

  await table("order_package", {
    package_id: "id", order_id: "int", package_name: "str", delivery_type: "int", express_company_id: "int",
    express_company_name: "str", delivery_no: "str", order_goods_ids: "str", trace: "text", delivery_time: "int",
    staff_id: "int",
  });
  await createIndex(db, "order_package", ["order_id"]);

  await table("express_company", { company_id: "id", company_name: "str", code: "str", sort: "int" });

  // Trades: one out_trade_no pays one or several orders (merged payment).
  await table("pay", {
    id: "id", out_trade_no: "str", member_id: "int", pay_body: "str", pay_money_cents: "cents", pay_type: "str",
    pay_status: "int", trade_no: "str", pay_time: "int", order_ids: "str", create_time: "int", close_time: "int",
    refund_status: "int",
  });
  await createIndex(db, "pay", ["out_trade_no"], true);
  await createIndex(db, "pay", ["member_id"]);

  await table("pay_notify_log", {
    id: "id", provider: "str", out_trade_no: "str", trade_no: "str", amount_cents: "signed-cents", verified: "int",
    outcome: "str", raw: "text", create_time: "int",
  });
  await createIndex(db, "pay_notify_log", ["out_trade_no"]);

  // Balance payments ask for the pay password when the member has set one (scrypt hash, "" = none).
  await db.schema.alterTable("member").addColumn("pay_password", "varchar(255)", (c) => c.notNull().defaultTo("")).execute();

  await table("express_template", { template_id: "id", template_name: "str", fee_type: "int", is_default: "int" });
  // region_ids ",110000,310000," lists province codes; "" is the template's rule for everywhere else.
  await table("express_template_item", {
    id: "id", template_id: "int", region_ids: "text", first_unit: "int", first_cents: "cents", continue_unit: "int",
    continue_cents: "cents",
  });
  await createIndex(db, "express_template_item", ["template_id"]);
}
