import type {
  SiteInfo, Copyright, DefaultImages, ServicerConfig, CategoryConfig, FloatLayer, RegisterConfig, Agreement, EvaluateConfig,
} from "@shop/contract";

/**
 * The singleton settings kept in the `config` table, by key, with their JSON shapes.
 * The seed writes them; modules read them with getConfig(db, KEY, default).
 */
export interface ConfigValues {
  site_info: SiteInfo;
  copyright: Copyright;
  default_img: DefaultImages;
  servicer: ServicerConfig;
  category_config: CategoryConfig;
  /** comma-separated */
  hot_search_words: { words: string };
  default_search_words: { words: string };
  float_layer: FloatLayer;
  register_config: RegisterConfig["value"];
  register_agreement: Agreement;
  /**
   * add-ons the shop switched off ({servicer: 0}); an add-on is offered only when this server
   * implements it (modules/site/addons.ts), so a 1 here turns nothing on
   */
  addons: Record<string, 0 | 1>;
  /** mobile (h5) site QR code image and the URL it encodes; "" = drawn for the shop's own /web/ at answer time */
  wap_qrcode: { img: string; url: string };
  /**
   * evaluations: may members evaluate, are they shown, do they wait for review (goods_sku_detail.evaluate_config);
   * again_days: a follow-up (追评) may be written this many days after the first evaluation (modules/evaluate, default 180)
   */
  evaluate_config: EvaluateConfig & { again_days?: number };
  /** mini-program QR code image */
  weapp_qrcode: { qrcode: string };
  /** chat quick-reply keywords (SPEC §3) and their auto replies, shown as auto_reply_name (modules/chat/settings.ts) */
  servicer_keyword: { is_open: number; keyword_list: Array<{ keyword: string; reply: string }>; auto_reply_name?: string };
  /** the chat workbench's quick replies (modules/chat/settings.ts) */
  chat_quick_replies: { list: Array<{ id: number; content: string }> };
  /**
   * orders: unpaid orders close after auto_close_minutes; shipped ones are received after
   * auto_receive_days; received / picked-up / used ones complete after auto_complete_days
   */
  order_config: OrderConfig;
  /** points deduction at checkout */
  point_config: PointConfig;
  /** local delivery (同城配送): range, fee, minimum order */
  local_delivery: LocalDeliveryConfig;
  /** invoices offered at checkout */
  invoice_config: InvoiceConfig;
  /** express: free shipping from this order amount (0 = never) */
  express_config: { free_shipping_above_cents: number };
  /** refunds and complaints: timers, reasons, pictures, the return address (modules/refund/config.ts has the defaults) */
  refund_config: RefundConfig;
  /** seckill: an unpaid seckill order closes after auto_close_minutes (default 5), giving its units back to the pool */
  seckill_config: { auto_close_minutes: number };
}

export interface OrderConfig {
  auto_close_minutes: number;
  auto_receive_days: number;
  auto_complete_days: number;
}

export interface PointConfig {
  is_enable: number;
  /** points worth one yuan, e.g. 100 → 100 points = ¥1.00 */
  points_per_yuan: number;
  /** at most this percent of the goods money may be paid with points */
  max_percent: number;
}

export interface LocalDeliveryConfig {
  is_enable: number;
  /** the shop's own address (delivery starts there) */
  city_id: number;
  /** delivery range in km from the shop (0 = the whole city) */
  range_km: number;
  fee_cents: number;
  /** minimum goods amount for delivery */
  start_money_cents: number;
  /** free delivery from this amount (0 = never) */
  free_above_cents: number;
}

export interface InvoiceConfig {
  is_enable: number;
  /** tax percent added to the order, e.g. 6 */
  rate_percent: number;
  /** "1" paper, "2" electronic: comma-separated types offered */
  types: string;
  /** content options, e.g. ["商品明细", "商品类别"] */
  contents: string[];
}

export interface RefundConfig {
  /** a refund the shop leaves unanswered this many days is agreed (仅退款: and sent) by the system */
  auto_agree_days: number;
  /** a return (退货退款 agreed) the buyer has not shipped within this many days closes */
  return_close_days: number;
  /** a completed order may ask for refunds this many days after completion */
  after_sale_days: number;
  /** the reasons a buyer chooses from */
  refund_reasons: string[];
  complain_reasons: string[];
  /** pictures a refund or complaint may carry */
  max_images: number;
  /** where returned goods go (offered as the default when staff ask for the goods back) */
  return_address: { name: string; mobile: string; address: string };
}

export type ConfigKey = keyof ConfigValues;
