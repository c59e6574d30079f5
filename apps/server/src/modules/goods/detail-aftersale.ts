import { sanitizeRichText } from "../../core/sanitize.ts";

/**
 * The after-sale promise of the SKU page. There is no back-office setting for it yet, so it is
 * the shop's standard text (matching the seeded services: genuine goods, 7-day returns).
 */
const DEFAULT_AFTERSALE = [
  "<h4>正品保障</h4>",
  "<p>本商城所售商品均为品牌授权正品行货，提供正规发票，享受厂家全国联保。</p>",
  "<h4>七天无理由退换货</h4>",
  "<p>签收之日起 7 天内，商品及包装完好、不影响二次销售的，可申请无理由退换货；定制、鲜活易腐、已拆封的个人护理及数码激活类商品除外。</p>",
  "<h4>质量问题包退包换</h4>",
  "<p>商品存在质量问题的，签收 15 天内可申请退货或换货，往返运费由商城承担。</p>",
  "<h4>退换货流程</h4>",
  "<p>会员中心 → 我的订单 → 申请售后，填写原因并上传凭证，审核通过后按页面提示寄回商品，商城收货确认后 1–3 个工作日内原路退款。</p>",
  "<h4>价格说明</h4>",
  "<p>划线价为商品的市场参考价，并非原价；实际成交价以订单结算页为准。</p>",
].join("");

export function getAftersale(): { content: string } {
  return { content: sanitizeRichText(DEFAULT_AFTERSALE) };
}
