import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { createIndex, tableBuilder } from "./frozen/table-builder.ts";

/** Site, CMS, catalog, members and auth: the tables of the foundation. */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = tableBuilder(db, dialect);

  await table("config", { config_key: "key", value: "text", update_time: "int" });

  await table("adv_position", {
    ap_id: "id", keyword: "str", ap_name: "str", ap_intro: "str", ap_width: "int", ap_height: "int",
    ap_background_color: "str", type: "int", is_use: "int",
  });
  await createIndex(db, "adv_position", ["keyword"], true);
  await table("adv", {
    adv_id: "id", ap_id: "int", adv_title: "str", adv_url: "text", adv_image: "str", slide_sort: "int",
    background: "str", state: "int",
  });
  await createIndex(db, "adv", ["ap_id"]);

  await table("pc_nav", { id: "id", nav_title: "str", nav_url: "text", sort: "int", is_blank: "int", nav_icon: "str", is_show: "int" });
  await table("pc_friendly_link", {
    id: "id", link_title: "str", link_url: "text", link_pic: "str", link_sort: "int", is_blank: "int", is_show: "int",
  });
  await table("pc_floor", { id: "id", block_name: "str", title: "str", value: "text", sort: "int", state: "int" });
  await table("goods_service", { id: "id", service_name: "str", desc: "str", icon: "text", sort: "int" });

  await table("help_class", { class_id: "id", class_name: "str", sort: "int" });
  await table("help", {
    id: "id", class_id: "int", title: "str", content: "text", link_address: "str", sort: "int", create_time: "int",
  });
  await createIndex(db, "help", ["class_id"]);
  await table("notice", { id: "id", title: "str", content: "text", is_top: "int", sort: "int", create_time: "int" });
  await table("article_category", { category_id: "id", category_name: "str", sort: "int" });
  await table("article", {
    article_id: "id", category_id: "int", article_title: "str", article_abstract: "text", article_content: "text",
    cover_img: "str", read_num: "int", sort: "int", create_time: "int",
  });
  await createIndex(db, "article", ["category_id"]);

  await table("goods_category", {
    category_id: "id", category_name: "str", short_name: "str", pid: "int", level: "int", category_id_path: "str",
    category_full_name: "str", image: "str", image_adv: "str", link_url: "str", icon: "str", keywords: "str",
    description: "text", is_show: "int", sort: "int",
  });
  await createIndex(db, "goods_category", ["pid"]);
  await table("goods_brand", {
    brand_id: "id", brand_name: "str", brand_initial: "str", image_url: "str", banner: "str", brand_desc: "text",
    is_recommend: "int", sort: "int",
  });
  await table("goods", {
    goods_id: "id", goods_name: "str", goods_class: "int", category_id: "str", category_id_1: "int",
    category_id_2: "int", category_id_3: "int", brand_id: "int", brand_name: "str", goods_image: "text",
    goods_content: "text", goods_state: "int", is_delete: "int", price_cents: "int", market_price_cents: "int",
    cost_price_cents: "int", goods_stock: "int", sale_num: "int", is_free_shipping: "int", introduction: "str",
    keywords: "str", unit: "str", goods_spec_format: "text", goods_attr_format: "text", goods_service_ids: "str",
    label_name: "str", video_url: "str", max_buy: "int", min_buy: "int", evaluate: "int", collect_num: "int",
    click_num: "int", sort: "int", create_time: "int", modify_time: "int",
  });
  for (const column of ["category_id_1", "category_id_2", "category_id_3", "brand_id"]) {
    await createIndex(db, "goods", [column]);
  }
  await table("goods_sku", {
    sku_id: "id", goods_id: "int", sku_name: "str", sku_no: "str", sku_spec_format: "text", spec_name: "str",
    price_cents: "int", market_price_cents: "int", discount_price_cents: "int", stock: "int", sale_num: "int",
    sku_image: "str", sku_images: "text", weight: "int", is_default: "int", create_time: "int",
  });
  await createIndex(db, "goods_sku", ["goods_id"]);
  await table("store", {
    store_id: "id", store_name: "str", telphone: "str", store_image: "str", province_name: "str", city_name: "str",
    district_name: "str", address: "str", full_address: "str", longitude: "str", latitude: "str", open_date: "str",
    status: "int", create_time: "int",
  });

  await table("member_level", {
    level_id: "id", level_name: "str", growth: "int", remark: "str", consume_discount: "int", is_free_shipping: "int",
    send_point: "int", send_balance_cents: "int", is_default: "int", sort: "int",
  });
  await table("member", {
    member_id: "id", username: "str?", nickname: "str", mobile: "str?", email: "str", password: "str",
    headimg: "str", member_level: "int", point: "int", balance_cents: "int", balance_money_cents: "int",
    growth: "int", realname: "str", sex: "int", birthday: "str", status: "int", reg_time: "int",
    last_login_time: "int", last_login_ip: "str",
  });
  await createIndex(db, "member", ["username"], true);
  await createIndex(db, "member", ["mobile"], true);
  await table("member_token", {
    id: "id", member_id: "int", token_hash: "str", create_time: "int", expire_time: "int", revoke_time: "int",
    last_used_time: "int", ip: "str", user_agent: "str",
  });
  await createIndex(db, "member_token", ["token_hash"], true);
  await createIndex(db, "member_token", ["member_id"]);
  await table("captcha", { captcha_id: "key", code_hash: "str", expire_time: "int", used: "int" });
  await table("verify_code", {
    code_key: "key", mobile: "str", purpose: "str", code_hash: "str", expire_time: "int", attempts: "int",
    used: "int", create_time: "int",
  });
  await createIndex(db, "verify_code", ["mobile", "purpose"]);
  await table("sms_outbox", { id: "id", mobile: "str", purpose: "str", code: "str", content: "text", create_time: "int" });
  await table("staff", {
    staff_id: "id", username: "str", password: "str", nickname: "str", role: "str", headimg: "str", status: "int",
    create_time: "int",
  });
  await createIndex(db, "staff", ["username"], true);
}
