import type { SelectType } from "kysely";
import type { DB } from "./schema.ts";
import { staffRolesExpected } from "./schema-staff-roles.ts";
import { notifyExpected } from "./schema-notify.ts";
import { memberAdminExpected } from "./schema-member-admin.ts";
import { orderAdminExpected } from "./schema-order-admin.ts";

/**
 * The tables and columns the code expects the migrations to have made: every table of the Kysely
 * `DB` interface (schema.ts), every column, and whether it may be NULL. Typed so the compiler
 * rejects this list when it misses or adds a table or column, or says "null" where schema.ts does
 * not (or the reverse); schema-matches-migrations.test.ts checks it against the database's own
 * catalogue after applying every migration to an empty SQLite and PostgreSQL database. A new table
 * or column goes into the migration, schema.ts and here.
 */
type Nullability<Column> = null extends SelectType<Column> ? "null" : "not null";
export type ExpectedSchema = { [Table in keyof DB]-?: { [Column in keyof DB[Table]]-?: Nullability<DB[Table][Column]> } };

const NN = "not null";
const NULL = "null";

export const EXPECTED_SCHEMA: ExpectedSchema = {
  adv: {
    adv_id: NN, ap_id: NN, adv_title: NN, adv_url: NN, adv_image: NN, slide_sort: NN, background: NN, state: NN, start_time: NN, end_time: NN,
  },
  adv_position: {
    ap_id: NN, keyword: NN, ap_name: NN, ap_intro: NN, ap_width: NN, ap_height: NN, ap_background_color: NN, type: NN, is_use: NN,
  },
  article: {
    article_id: NN, category_id: NN, article_title: NN, article_abstract: NN, article_content: NN, cover_img: NN, read_num: NN, sort: NN,
    create_time: NN,
  },
  article_category: { category_id: NN, category_name: NN, sort: NN },
  captcha: { captcha_id: NN, code_hash: NN, expire_time: NN, used: NN },
  cart: { cart_id: NN, site_id: NN, member_id: NN, sku_id: NN, num: NN, create_time: NN, update_time: NN },
  chat_message: {
    id: NN, session_id: NN, member_id: NN, servicer_id: NN, type: NN, sender_id: NN, content_type: NN, content: NN, goods_sku_id: NN,
    order_id: NN, is_auto: NN, client_msg_id: NULL, create_time: NN,
  },
  chat_session: {
    session_id: NN, member_id: NN, servicer_id: NN, status: NN, member_unread: NN, servicer_unread: NN, last_message: NN, last_time: NN,
    create_time: NN, update_time: NN,
  },
  config: { config_key: NN, value: NN, update_time: NN },
  coupon: {
    coupon_id: NN, coupon_type_id: NN, member_id: NN, state: NN, get_type: NN, grant_id: NN, fetch_time: NN, start_time: NN, end_time: NN,
    use_time: NN, use_order_id: NN,
  },
  coupon_grant: { grant_id: NN, member_id: NN, from_type: NN, business_id: NN, create_time: NN },
  coupon_type: {
    coupon_type_id: NN, coupon_name: NN, type: NN, money_cents: NN, discount_percent: NN, discount_limit_cents: NN, at_least_cents: NN,
    goods_type: NN, validity_type: NN, start_time: NN, end_time: NN, fixed_term: NN, max_fetch: NN, total_count: NN, lead_count: NN,
    is_show: NN, status: NN, sort: NN, create_time: NN, update_time: NN,
  },
  coupon_type_scope: { id: NN, coupon_type_id: NN, goods_id: NN, category_id: NN },
  express_company: { company_id: NN, company_name: NN, code: NN, sort: NN },
  express_template: { template_id: NN, template_name: NN, fee_type: NN, is_default: NN },
  express_template_item: {
    id: NN, template_id: NN, region_ids: NN, first_unit: NN, first_cents: NN, continue_unit: NN, continue_cents: NN,
  },
  goods: {
    goods_id: NN, goods_name: NN, goods_class: NN, category_id: NN, category_id_1: NN, category_id_2: NN, category_id_3: NN, brand_id: NN,
    brand_name: NN, goods_image: NN, goods_content: NN, goods_state: NN, is_delete: NN, price_cents: NN, market_price_cents: NN,
    cost_price_cents: NN, sale_num: NN, is_free_shipping: NN, introduction: NN, keywords: NN, unit: NN, goods_spec_format: NN,
    goods_attr_format: NN, goods_service_ids: NN, label_name: NN, video_url: NN, max_buy: NN, min_buy: NN, evaluate: NN, collect_num: NN,
    click_num: NN, sort: NN, create_time: NN, modify_time: NN, virtual_indate: NN, shipping_template: NN, support_trade_type: NN,
    virtual_sale: NN, is_consume_discount: NN, label_id: NN, timer_on: NN, timer_off: NN, version: NN, delete_time: NN,
    stock_total: NN,
  },
  goods_brand: { brand_id: NN, brand_name: NN, brand_initial: NN, image_url: NN, banner: NN, brand_desc: NN, is_recommend: NN, sort: NN },
  goods_browse: { id: NN, member_id: NN, goods_id: NN, sku_id: NN, browse_time: NN },
  goods_category: {
    category_id: NN, category_name: NN, short_name: NN, pid: NN, level: NN, category_id_path: NN, category_full_name: NN, image: NN,
    image_adv: NN, link_url: NN, icon: NN, keywords: NN, description: NN, is_show: NN, sort: NN,
  },
  goods_collect: { collect_id: NN, member_id: NN, goods_id: NN, sku_id: NN, create_time: NN },
  goods_evaluate: {
    evaluate_id: NN, order_id: NN, order_no: NN, order_goods_id: NN, goods_id: NN, sku_id: NN, sku_name: NN, sku_price_cents: NN,
    sku_image: NN, content: NN, images: NN, scores: NN, explain_type: NN, explain_first: NN, member_id: NN, member_name: NN,
    member_headimg: NN, is_anonymous: NN, again_content: NN, again_images: NN, again_explain: NN, again_time: NN, is_show: NN,
    create_time: NN, shop_desccredit: NN, shop_servicecredit: NN, shop_deliverycredit: NN, is_audit: NN, again_is_audit: NN,
  },
  goods_label: { id: NN, label_name: NN, sort: NN, create_time: NN },
  goods_service: { id: NN, service_name: NN, desc: NN, icon: NN, sort: NN },
  goods_sku: {
    sku_id: NN, goods_id: NN, sku_name: NN, sku_no: NN, sku_spec_format: NN, spec_name: NN, price_cents: NN, market_price_cents: NN,
    discount_price_cents: NN, stock: NN, sale_num: NN, sku_image: NN, sku_images: NN, weight: NN, is_default: NN, create_time: NN,
    cost_price_cents: NN, stock_alarm: NN, volume: NN,
  },
  help: { id: NN, class_id: NN, title: NN, content: NN, link_address: NN, sort: NN, create_time: NN },
  help_class: { class_id: NN, class_name: NN, sort: NN },
  job: {
    id: NN, kind: NN, payload: NN, run_at: NN, status: NN, attempts: NN, max_attempts: NN, locked_by: NN, locked_until: NN, last_error: NN,
    dedupe_key: NULL, create_time: NN, update_time: NN,
  },
  login_attempt: { account_key: NN, failures: NN, locked_until: NN, update_time: NN },
  member: {
    member_id: NN, username: NULL, nickname: NN, mobile: NULL, email: NN, password: NN, headimg: NN, member_level: NN, point: NN,
    balance_cents: NN, balance_money_cents: NN, growth: NN, realname: NN, sex: NN, birthday: NN, status: NN, reg_time: NN,
    last_login_time: NN, last_login_ip: NN, pay_password: NN,
  },
  member_account: {
    id: NN, member_id: NN, account_type: NN, account_data: NN, from_type: NN, business_id: NN, type_name: NN, remark: NN, create_time: NN,
  },
  member_address: {
    id: NN, member_id: NN, site_id: NN, name: NN, mobile: NN, telephone: NN, province_id: NN, city_id: NN, district_id: NN,
    community_id: NN, address: NN, full_address: NN, longitude: NN, latitude: NN, is_default: NN, create_time: NN, update_time: NN,
  },
  member_bank_account: {
    id: NN, member_id: NN, realname: NN, mobile: NN, withdraw_type: NN, branch_bank_name: NN, bank_account: NN, is_default: NN,
    create_time: NN, update_time: NN,
  },
  member_growth_log: {
    id: NN, member_id: NN, growth: NN, growth_after: NN, from_type: NN, business_id: NN, type_name: NN, remark: NN, create_time: NN,
  },
  member_level: {
    level_id: NN, level_name: NN, growth: NN, remark: NN, consume_discount: NN, is_free_shipping: NN, send_point: NN,
    send_balance_cents: NN, is_default: NN, sort: NN,
  },
  member_level_coupon: { id: NN, level_id: NN, coupon_type_id: NN },
  member_level_record: { id: NN, member_id: NN, level_id: NN, level_name: NN, growth: NN, create_time: NN },
  member_recharge: {
    recharge_id: NN, recharge_name: NN, face_value_cents: NN, buy_price_cents: NN, point: NN, growth: NN, coupon_id: NN, sale_num: NN,
    status: NN, sort: NN, create_time: NN, update_time: NN,
  },
  member_recharge_order: {
    order_id: NN, order_no: NN, member_id: NN, recharge_id: NN, recharge_name: NN, face_value_cents: NN, buy_price_cents: NN, point: NN,
    growth: NN, coupon_id: NN, out_trade_no: NN, status: NN, pay_type: NN, pay_time: NN, close_time: NN, auto_close_time: NN,
    create_time: NN,
  },
  member_signin: {
    id: NN, member_id: NN, sign_date: NN, streak: NN, cycle_day: NN, point: NN, growth: NN, coupon_type_ids: NN, create_time: NN,
  },
  member_token: {
    id: NN, member_id: NN, token_hash: NN, create_time: NN, expire_time: NN, revoke_time: NN, last_used_time: NN, ip: NN, user_agent: NN,
  },
  member_upload: { id: NN, member_id: NN, kind: NN, path: NN, size: NN, width: NN, height: NN, create_time: NN, staff_id: NN },
  member_verify_ticket: { id: NN, ticket_hash: NN, member_id: NN, purpose: NN, mobile: NN, expire_time: NN, used: NN, create_time: NN },
  member_withdraw: {
    id: NN, withdraw_no: NN, member_id: NN, transfer_type: NN, transfer_type_name: NN, realname: NN, mobile: NN, bank_name: NN,
    account_number: NN, apply_money_cents: NN, rate_basis_points: NN, service_money_cents: NN, money_cents: NN, status: NN, apply_time: NN,
    audit_time: NN, payment_time: NN, fail_time: NN, refuse_reason: NN, fail_reason: NN, certificate_remark: NN, update_time: NN,
  },
  notice: { id: NN, title: NN, content: NN, is_top: NN, sort: NN, create_time: NN },
  order_checkout: { order_key: NN, member_id: NN, source: NN, create_time: NN, expire_time: NN },
  order_complain: {
    complain_id: NN, refund_id: NN, order_goods_id: NN, order_id: NN, member_id: NN, complain_status: NN, complain_reason: NN,
    complain_remark: NN, complain_images: NN, handle_remark: NN, refund_agreed: NN, staff_id: NN, create_time: NN, handle_time: NN,
    cancel_time: NN,
  },
  order_goods: {
    order_goods_id: NN, order_id: NN, member_id: NN, site_id: NN, goods_id: NN, sku_id: NN, sku_name: NN, sku_image: NN, sku_no: NN,
    goods_name: NN, spec_name: NN, goods_class: NN, price_cents: NN, num: NN, goods_money_cents: NN, real_goods_money_cents: NN,
    delivery_status: NN, refund_status: NN, is_evaluate: NN,
  },
  order_log: {
    id: NN, order_id: NN, action: NN, from_status: NN, to_status: NN, actor_type: NN, actor_id: NN, actor_name: NN, remark: NN,
    create_time: NN,
  },
  order_package: {
    package_id: NN, order_id: NN, package_name: NN, delivery_type: NN, express_company_id: NN, express_company_name: NN, delivery_no: NN,
    order_goods_ids: NN, trace: NN, delivery_time: NN, staff_id: NN,
  },
  order_refund: {
    refund_id: NN, refund_no: NN, order_id: NN, order_goods_id: NN, member_id: NN, refund_type: NN, refund_status: NN, refund_reason: NN,
    refund_remark: NN, refund_images: NN, refund_apply_money_cents: NN, refund_delivery_money_cents: NN, refund_real_money_cents: NN,
    refund_balance_money_cents: NN, refund_pay_money_cents: NN, refund_pay_status: NN, refund_point: NN, refund_refuse_reason: NN,
    shop_remark: NN, refund_address: NN, refund_delivery_name: NN, refund_delivery_no: NN, refund_delivery_remark: NN, create_time: NN,
    update_time: NN, refund_time: NN, auto_agree_time: NN, delivery_deadline: NN, refused_from: NN,
  },
  order_refund_log: {
    id: NN, refund_id: NN, order_goods_id: NN, refund_status: NN, action: NN, action_way: NN, actor_id: NN, actor_name: NN, remark: NN,
    action_time: NN,
  },
  orders: {
    order_id: NN, order_no: NN, order_key: NULL, out_trade_no: NN, site_id: NN, member_id: NN, order_name: NN, order_type: NN,
    order_from: NN, order_status: NN, pay_status: NN, pay_type: NN, pay_time: NN, delivery_type: NN, name: NN, mobile: NN, telephone: NN,
    province_id: NN, city_id: NN, district_id: NN, address: NN, full_address: NN, longitude: NN, latitude: NN, delivery_store_id: NN,
    delivery_store_name: NN, delivery_store_info: NN, buyer_ask_delivery_time: NN, verify_code: NN, goods_money_cents: NN,
    delivery_money_cents: NN, promotion_money_cents: NN, coupon_money_cents: NN, point_money_cents: NN, balance_money_cents: NN,
    adjust_money_cents: NN, invoice_money_cents: NN, order_money_cents: NN, pay_money_cents: NN, point: NN, goods_num: NN, is_invoice: NN,
    invoice_type: NN, invoice_title_type: NN, invoice_title: NN, taxpayer_number: NN, invoice_content: NN, invoice_email: NN,
    invoice_full_address: NN, buyer_message: NN, create_time: NN, delivery_time: NN, sign_time: NN, finish_time: NN, close_time: NN,
    close_cause: NN, auto_close_time: NN, is_delete: NN, is_evaluate: NN, promotion_type: NN, promotion_id: NN,
  },
  pay: {
    id: NN, out_trade_no: NN, member_id: NN, pay_body: NN, pay_money_cents: NN, pay_type: NN, pay_status: NN, trade_no: NN, pay_time: NN,
    order_ids: NN, create_time: NN, close_time: NN, refund_status: NN, trade_kind: NN,
  },
  pay_notify_log: {
    id: NN, provider: NN, out_trade_no: NN, trade_no: NN, amount_cents: NN, verified: NN, outcome: NN, raw: NN, create_time: NN,
  },
  pay_password_attempt: { member_id: NN, failures: NN, locked_until: NN, update_time: NN },
  pc_floor: { id: NN, block_name: NN, title: NN, value: NN, sort: NN, state: NN },
  pc_friendly_link: { id: NN, link_title: NN, link_url: NN, link_pic: NN, link_sort: NN, is_blank: NN, is_show: NN },
  pc_nav: { id: NN, nav_title: NN, nav_url: NN, sort: NN, is_blank: NN, nav_icon: NN, is_show: NN },
  promotion_bundling: {
    bl_id: NN, bl_name: NN, bl_price_cents: NN, start_time: NN, end_time: NN, sell_num: NN, status: NN, create_time: NN, update_time: NN,
  },
  promotion_bundling_goods: { id: NN, bl_id: NN, goods_id: NN, num: NN, sort: NN },
  promotion_groupbuy: {
    groupbuy_id: NN, groupbuy_name: NN, goods_id: NN, buy_num: NN, start_time: NN, end_time: NN, sell_num: NN, status: NN, create_time: NN,
    update_time: NN,
  },
  promotion_groupbuy_sku: { id: NN, groupbuy_id: NN, goods_id: NN, sku_id: NN, groupbuy_price_cents: NN },
  promotion_seckill: {
    seckill_id: NN, seckill_name: NN, goods_id: NN, goods_name: NN, goods_image: NN, start_time: NN, end_time: NN, max_buy: NN, status: NN,
    remark: NN, create_time: NN, update_time: NN,
  },
  promotion_seckill_member: { id: NN, seckill_id: NN, member_id: NN, num: NN, update_time: NN },
  promotion_seckill_sku: { id: NN, seckill_id: NN, goods_id: NN, sku_id: NN, seckill_price_cents: NN, stock: NN, sale_num: NN },
  promotion_seckill_slot: { id: NN, seckill_id: NN, time_id: NN },
  promotion_seckill_time: {
    id: NN, name: NN, seckill_start_time: NN, seckill_end_time: NN, status: NN, sort: NN, create_time: NN, update_time: NN,
  },
  region: { id: NN, pid: NN, name: NN, shortname: NN, level: NN, sort: NN },
  sms_outbox: { id: NN, mobile: NN, purpose: NN, code: NN, content: NN, create_time: NN },
  staff: { staff_id: NN, username: NN, password: NN, nickname: NN, role: NN, group_id: NN, headimg: NN, status: NN, create_time: NN },
  staff_log: { id: NN, staff_id: NN, staff_name: NN, action: NN, target_type: NN, target_id: NN, detail: NN, ip: NN, create_time: NN },
  staff_token: { id: NN, staff_id: NN, token_hash: NN, create_time: NN, expire_time: NN, revoke_time: NN, ip: NN },
  store: {
    store_id: NN, store_name: NN, telphone: NN, store_image: NN, province_name: NN, city_name: NN, district_name: NN, address: NN,
    full_address: NN, longitude: NN, latitude: NN, open_date: NN, status: NN, create_time: NN, province_id: NN, city_id: NN, district_id: NN,
  },
  verifier: { verifier_id: NN, member_id: NN, verifier_name: NN, staff_id: NN, create_time: NN, modify_time: NN },
  verify_code: { code_key: NN, mobile: NN, purpose: NN, code_hash: NN, expire_time: NN, attempts: NN, used: NN, create_time: NN },
  verify_code_lock: { mobile: NN, purpose: NN, lock_time: NN },
  verify_record: {
    id: NN, verify_code: NN, verify_type: NN, verify_type_name: NN, order_id: NN, order_no: NN, buyer_member_id: NN, verifier_type: NN,
    verifier_id: NN, verifier_member_id: NN, staff_id: NN, verifier_name: NN, store_id: NN, store_name: NN, verify_content_json: NN,
    expire_time: NN, verify_time: NN,
  },
  // issue 23's areas keep their tables in their own files
  ...staffRolesExpected,
  ...notifyExpected,
  ...memberAdminExpected,
  ...orderAdminExpected,
};

/**
 * Tables the code reaches only through SQL, outside the `DB` interface, with their columns per
 * dialect: the search index (modules/search/search-tables.ts: FTS5 tables on SQLite, tsvector
 * tables on PostgreSQL), the orders' goods-name trigram index on SQLite (migration 0041) and the
 * migrator's own bookkeeping.
 */
export const UNTYPED_TABLES: Record<"sqlite" | "postgres", Record<string, string[]>> = {
  sqlite: {
    goods_search: ["terms"],
    goods_search_doc: ["goods_id", "terms"],
    goods_search_suggest: ["tokens", "keyword", "goods_count"],
    orders_name_search: ["order_name"],
    kysely_migration: ["name", "timestamp"],
    kysely_migration_lock: ["id", "is_locked"],
  },
  postgres: {
    goods_search: ["goods_id", "document"],
    goods_search_suggest: ["id", "keyword", "goods_count", "document"],
    kysely_migration: ["name", "timestamp"],
    kysely_migration_lock: ["id", "is_locked"],
  },
};
