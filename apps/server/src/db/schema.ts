import type { Generated, Insertable, Selectable, Updateable } from "kysely";
import type { MoneyPathTables } from "./schema-money.ts";
import type { AddressTables } from "./schema-address.ts";
import type { CartTables } from "./schema-cart.ts";
import type { AuthGuardTables } from "./schema-auth.ts";
import type { UploadTables } from "./schema-upload.ts";
import type { VerifyTables } from "./schema-verify.ts";
import type { RefundTables } from "./schema-refund.ts";
import type { LevelSigninTables } from "./schema-member-level.ts";
import type { RechargeTables } from "./schema-recharge.ts";
import type { WithdrawTables } from "./schema-withdraw.ts";
import type { CouponTables } from "./schema-coupon.ts";
import type { MemberProfileTables } from "./schema-member-profile.ts";
import type { SeckillTables } from "./schema-seckill.ts";
import type { GroupbuyBundlingTables } from "./schema-groupbuy-bundling.ts";
import type { ChatTables } from "./schema-chat.ts";
import type { GoodsAdminTables } from "./schema-goods-admin.ts";
import type { CatalogAdminTables } from "./schema-catalog-admin.ts";
import type { ContentAdminTables } from "./schema-content-admin.ts";
import type { StaffRoleTables } from "./schema-staff-roles.ts";
import type { NotifyTables } from "./schema-notify.ts";
import type { MemberAdminTables } from "./schema-member-admin.ts";
import type { OrderAdminTables } from "./schema-order-admin.ts";

/**
 * Table types. Column names follow the wire contract (snake_case, Niushop names).
 * Conventions: times are unix seconds; money is integer cents in columns ending `_cents`;
 * JSON-in-string columns keep the contract's string form.
 */
export interface DB extends MoneyPathTables, AddressTables, CartTables, AuthGuardTables, VerifyTables, UploadTables, RefundTables,
    LevelSigninTables, RechargeTables, WithdrawTables, CouponTables, MemberProfileTables, GroupbuyBundlingTables, SeckillTables, ChatTables,
    GoodsAdminTables, CatalogAdminTables, ContentAdminTables,
    StaffRoleTables, NotifyTables, MemberAdminTables, OrderAdminTables {
  config: ConfigTable;
  adv_position: AdvPositionTable;
  adv: AdvTable;
  pc_nav: PcNavTable;
  pc_friendly_link: FriendlyLinkTable;
  pc_floor: FloorTable;
  goods_service: GoodsServiceTable;
  help_class: HelpClassTable;
  help: HelpTable;
  notice: NoticeTable;
  article_category: ArticleCategoryTable;
  article: ArticleTable;
  goods_category: GoodsCategoryTable;
  goods_brand: GoodsBrandTable;
  goods: GoodsTable;
  goods_sku: GoodsSkuTable;
  store: StoreTable;
  member_level: MemberLevelTable;
  member: MemberTable;
  member_token: MemberTokenTable;
  captcha: CaptchaTable;
  verify_code: VerifyCodeTable;
  verify_code_lock: VerifyCodeLockTable;
  sms_outbox: SmsOutboxTable;
  staff: StaffTable;
  goods_evaluate: GoodsEvaluateTable;
  goods_collect: GoodsCollectTable;
  goods_browse: GoodsBrowseTable;
}

/** Singleton settings as JSON, keyed by name (site_info, copyright, servicer, …). */
export interface ConfigTable {
  config_key: string;
  value: string;
  update_time: number;
}

export interface AdvPositionTable {
  ap_id: Generated<number>;
  keyword: string;
  ap_name: string;
  ap_intro: string;
  ap_width: number;
  ap_height: number;
  ap_background_color: string;
  /** 1 = carousel (several ads), 2 = single image */
  type: number;
  is_use: number;
}

export interface AdvTable {
  adv_id: Generated<number>;
  ap_id: number;
  adv_title: string;
  adv_url: string;
  adv_image: string;
  slide_sort: number;
  background: string;
  state: number;
}

export interface PcNavTable {
  id: Generated<number>;
  nav_title: string;
  nav_url: string;
  sort: number;
  is_blank: number;
  nav_icon: string;
  is_show: number;
}

export interface FriendlyLinkTable {
  id: Generated<number>;
  link_title: string;
  link_url: string;
  link_pic: string;
  link_sort: number;
  is_blank: number;
  is_show: number;
}

export interface FloorTable {
  id: Generated<number>;
  block_name: string;
  title: string;
  /** JSON object of the floor's blocks: {title: {type, value}, goodsList: {...}, …} */
  value: string;
  sort: number;
  state: number;
}

export interface GoodsServiceTable {
  id: Generated<number>;
  service_name: string;
  desc: string;
  /** JSON: {"iconType":"img"|"icon","imageUrl":"…","icon":"…"} */
  icon: string;
  sort: number;
}

export interface HelpClassTable {
  class_id: Generated<number>;
  class_name: string;
  sort: number;
}

export interface HelpTable {
  id: Generated<number>;
  class_id: number;
  title: string;
  content: string;
  link_address: string;
  sort: number;
  create_time: number;
}

export interface NoticeTable {
  id: Generated<number>;
  title: string;
  content: string;
  is_top: number;
  sort: number;
  create_time: number;
}

export interface ArticleCategoryTable {
  category_id: Generated<number>;
  category_name: string;
  sort: number;
}

export interface ArticleTable {
  article_id: Generated<number>;
  category_id: number;
  article_title: string;
  article_abstract: string;
  article_content: string;
  cover_img: string;
  read_num: number;
  sort: number;
  create_time: number;
}

export interface GoodsCategoryTable {
  category_id: Generated<number>;
  category_name: string;
  short_name: string;
  pid: number;
  level: number;
  /** Ancestor path ",1,2,3," (own id included). */
  category_id_path: string;
  category_full_name: string;
  image: string;
  image_adv: string;
  link_url: string;
  icon: string;
  keywords: string;
  description: string;
  is_show: number;
  sort: number;
}

export interface GoodsBrandTable {
  brand_id: Generated<number>;
  brand_name: string;
  brand_initial: string;
  image_url: string;
  banner: string;
  brand_desc: string;
  is_recommend: number;
  sort: number;
}

export interface GoodsTable {
  goods_id: Generated<number>;
  goods_name: string;
  /** 1 physical, 2 virtual */
  goods_class: number;
  /** ",1,12,123," */
  category_id: string;
  category_id_1: number;
  category_id_2: number;
  category_id_3: number;
  brand_id: number;
  brand_name: string;
  goods_image: string;
  goods_content: string;
  /** 1 on shelf, 0 off shelf */
  goods_state: number;
  is_delete: number;
  price_cents: number;
  market_price_cents: number;
  cost_price_cents: number;
  sale_num: number;
  is_free_shipping: number;
  introduction: string;
  keywords: string;
  unit: string;
  goods_spec_format: string;
  goods_attr_format: string;
  goods_service_ids: string;
  label_name: string;
  video_url: string;
  max_buy: number;
  min_buy: number;
  evaluate: number;
  collect_num: number;
  click_num: number;
  sort: number;
  create_time: number;
  modify_time: number;
  /** migration 0020: virtual goods, days the code stays valid after payment (0 = never expires) */
  virtual_indate: Generated<number>;
}

export interface GoodsSkuTable {
  sku_id: Generated<number>;
  goods_id: number;
  sku_name: string;
  sku_no: string;
  sku_spec_format: string;
  spec_name: string;
  price_cents: number;
  market_price_cents: number;
  discount_price_cents: number;
  stock: number;
  sale_num: number;
  sku_image: string;
  sku_images: string;
  weight: number;
  is_default: number;
  create_time: number;
}

export interface StoreTable {
  store_id: Generated<number>;
  store_name: string;
  telphone: string;
  store_image: string;
  province_name: string;
  city_name: string;
  district_name: string;
  address: string;
  full_address: string;
  longitude: string;
  latitude: string;
  open_date: string;
  status: number;
  create_time: number;
}

export interface MemberLevelTable {
  level_id: Generated<number>;
  level_name: string;
  growth: number;
  remark: string;
  /** percent, e.g. 95 = 9.5折 */
  consume_discount: number;
  is_free_shipping: number;
  send_point: number;
  send_balance_cents: number;
  is_default: number;
  sort: number;
}

export interface MemberTable {
  member_id: Generated<number>;
  username: string | null;
  nickname: string;
  mobile: string | null;
  email: string;
  /** scrypt hash, "" when the member has none (mobile-only accounts) */
  password: string;
  headimg: string;
  member_level: number;
  point: number;
  balance_cents: number;
  balance_money_cents: number;
  growth: number;
  realname: string;
  sex: number;
  birthday: string;
  status: number;
  reg_time: number;
  last_login_time: number;
  last_login_ip: string;
  /** migration 0009: scrypt hash of the pay password, "" when none is set */
  pay_password: Generated<string>;
}

export interface MemberTokenTable {
  id: Generated<number>;
  member_id: number;
  /** sha256 of the token; the token itself is never stored */
  token_hash: string;
  create_time: number;
  expire_time: number;
  revoke_time: number;
  last_used_time: number;
  ip: string;
  user_agent: string;
}

export interface CaptchaTable {
  captcha_id: string;
  code_hash: string;
  expire_time: number;
  used: number;
}

export interface VerifyCodeTable {
  /** the `key` handed to the client */
  code_key: string;
  mobile: string;
  /** login | register | find_password | bind_mobile */
  purpose: string;
  code_hash: string;
  expire_time: number;
  attempts: number;
  used: number;
  create_time: number;
}

/** Migration 0004: one row per mobile and purpose, written first by every code send to serialise them. */
export interface VerifyCodeLockTable {
  mobile: string;
  purpose: string;
  lock_time: number;
}

/** What the development SMS provider "sent" (read by tests and developers). */
export interface SmsOutboxTable {
  id: Generated<number>;
  mobile: string;
  purpose: string;
  code: string;
  content: string;
  create_time: number;
}

export interface StaffTable {
  staff_id: Generated<number>;
  username: string;
  password: string;
  nickname: string;
  /** admin (the 管理员 role) | servicer (any other role), kept for the code that tells the two apart */
  role: string;
  /** staff_group (schema-staff-roles.ts): where the permissions come from */
  group_id: Generated<number>;
  headimg: string;
  status: number;
  create_time: number;
}

/** A buyer's evaluation of an order line (seeded ones have order ids 0). */
export interface GoodsEvaluateTable {
  evaluate_id: Generated<number>;
  order_id: number;
  order_no: string;
  order_goods_id: number;
  goods_id: number;
  sku_id: number;
  sku_name: string;
  sku_price_cents: number;
  sku_image: string;
  content: string;
  /** comma-separated */
  images: string;
  /** 1–5 */
  scores: number;
  /** 1 good, 2 neutral, 3 bad */
  explain_type: number;
  /** the shop's reply */
  explain_first: string;
  member_id: number;
  member_name: string;
  member_headimg: string;
  is_anonymous: number;
  again_content: string;
  again_images: string;
  again_explain: string;
  again_time: number;
  /** 1 shown, 0 hidden by the shop */
  is_show: number;
  create_time: number;
  /** migration 0019: the shop scores given with the order (1–5; 0 = not given) */
  shop_desccredit: Generated<number>;
  shop_servicecredit: Generated<number>;
  shop_deliverycredit: Generated<number>;
  /** migration 0019: review of the evaluation and of its follow-up: 1 approved, 0 waiting, -1 refused */
  is_audit: Generated<number>;
  again_is_audit: Generated<number>;
}

/** A member's follow of a goods (unique per member and goods). */
export interface GoodsCollectTable {
  collect_id: Generated<number>;
  member_id: number;
  goods_id: number;
  /** the SKU the member was looking at */
  sku_id: number;
  create_time: number;
}

/** A member's footprint: one row per member and goods, with the latest SKU and time. */
export interface GoodsBrowseTable {
  id: Generated<number>;
  member_id: number;
  goods_id: number;
  sku_id: number;
  browse_time: number;
}

export type Row<T extends keyof DB> = Selectable<DB[T]>;
export type NewRow<T extends keyof DB> = Insertable<DB[T]>;
export type RowUpdate<T extends keyof DB> = Updateable<DB[T]>;
