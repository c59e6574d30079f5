/**
 * SPEC §2 routes whose pages come with later work. Each answers a "coming soon" page (the feature's
 * name, a line on what it will offer, ways back) instead of a 404, inside its proper layout. When a
 * page is built, its route is declared in routes.ts (it wins over the coming-soon catch-alls there)
 * and its row here is deleted.
 */

/** Picks the picture of the page (components/coming-soon/ComingSoon.tsx maps it to an icon). */
export type ComingSoonIcon =
  | "cart" | "coupon" | "seckill" | "groupbuy" | "combo" | "order" | "refund" | "logistics" | "evaluate"
  | "complain" | "verify" | "pay" | "profile" | "security" | "address" | "follow" | "footprint"
  | "wallet" | "withdraw" | "point" | "level" | "signin" | "bank";

export interface ComingSoonFeature {
  /** Router path (no /web basename); a ":id" segment stands for a numeric id. */
  path: string;
  /** The feature's Chinese name: the heading and the page title. */
  name: string;
  /** One line on what the page will offer. */
  blurb: string;
  icon: ComingSoonIcon;
}

const row = (path: string, name: string, icon: ComingSoonIcon, blurb: string): ComingSoonFeature => ({ path, name, icon, blurb });

export const COMING_SOON_FEATURES: readonly ComingSoonFeature[] = [
  // Goods and promotions, open to guests.
  row("/goods/coupon", "领券中心", "coupon", "满减券、折扣券每日上新，先领券再购物更划算。"),
  row("/promotion/seckill", "秒杀", "seckill", "每日限时秒杀，超值好物准点开抢。"),
  row("/promotion/groupbuy", "团购", "groupbuy", "好友一起拼团，精选好物享团购低价。"),
  row("/promotion/seckill/:id", "秒杀商品", "seckill", "秒杀商品详情与开抢倒计时将在这里展示。"),
  row("/promotion/groupbuy/:id", "团购商品", "groupbuy", "团购商品详情与成团进度将在这里展示。"),
  row("/promotion/combo/:id", "组合套餐", "combo", "搭配购买更省钱，套餐详情将在这里展示。"),

  // Cart, checkout and payment (login required).
  row("/promotion/seckill/payment", "秒杀订单结算", "pay", "秒杀商品下单结算将在这里完成。"),
  row("/promotion/groupbuy/payment", "团购订单结算", "pay", "团购商品下单结算将在这里完成。"),
  row("/promotion/combo/payment", "组合套餐结算", "pay", "组合套餐下单结算将在这里完成。"),

  // Orders and after-sales (login required).
  row("/order/refund", "申请退款", "refund", "对订单商品申请退款、退货将在这里办理。"),
  row("/order/refund_detail", "退款详情", "refund", "退款进度与协商记录将在这里展示。"),
  row("/order/batchrefund", "批量退款", "refund", "一次为订单中的多件商品申请退款。"),
  row("/order/orderbatch_refund", "整单退款", "refund", "为整笔订单申请退款将在这里办理。"),
  row("/order/complain", "交易投诉", "complain", "对交易有异议时，可以在这里向平台投诉。"),

  // Member centre (login required, member layout).
  row("/member/info", "个人信息", "profile", "修改头像、昵称等个人资料。"),
  row("/member/security", "账户安全", "security", "修改登录密码、绑定手机与邮箱，保护账户安全。"),
  row("/member/security/security", "安全设置", "security", "修改登录密码、绑定手机与邮箱，保护账户安全。"),
  row("/member/collection", "我的关注", "follow", "关注过的商品都会收藏在这里，方便随时回看。"),
  row("/member/footprint", "我的足迹", "footprint", "最近浏览过的商品将按日期列在这里。"),
  row("/member/activist", "退款/售后", "refund", "退款、退货与售后申请的进度将在这里展示。"),
  row("/member/account", "账户余额", "wallet", "查看余额与收支明细，随时充值。"),
  row("/member/recharge_list", "账户充值", "wallet", "选择充值套餐为账户充值。"),
  row("/member/recharge_order", "充值记录", "wallet", "历次充值订单将在这里展示。"),
  row("/member/recharge_detail", "充值详情", "wallet", "单笔充值的详细信息将在这里展示。"),
  row("/member/apply_withdrawal", "申请提现", "withdraw", "把账户余额提现到银行卡、支付宝或微信。"),
  row("/member/withdrawal", "提现记录", "withdraw", "历次提现申请与到账情况将在这里展示。"),
  row("/member/withdrawal_detail", "提现详情", "withdraw", "单笔提现的审核与到账进度将在这里展示。"),
  row("/member/coupon", "我的优惠券", "coupon", "领到的优惠券将在这里按未使用、已使用、已过期分类展示。"),
  row("/member/my_point", "我的积分", "point", "积分余额与获取、使用明细将在这里展示。"),
  row("/member/account_list", "账户列表", "bank", "管理用于提现的银行卡、支付宝等账户。"),
  row("/member/account_edit", "编辑提现账户", "bank", "新增或修改提现账户。"),
  row("/member/level", "会员等级", "level", "当前等级、成长值与各等级权益将在这里展示。"),
  row("/member/signin", "每日签到", "signin", "每天签到领积分，连续签到奖励更多。"),
];

function normalize(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return trimmed.toLowerCase();
}

function matches(pattern: string, path: string): boolean {
  const want = pattern.toLowerCase().split("/");
  const have = path.split("/");
  return want.length === have.length && want.every((segment, i) => (segment === ":id" ? /^\d+$/.test(have[i] ?? "") : segment === have[i]));
}

/**
 * The coming-soon feature of a router pathname, or null when the path is not a SPEC route (the
 * caller answers 404). Like the router, it ignores case and a trailing slash.
 */
export function findComingSoon(pathname: string): ComingSoonFeature | null {
  const path = normalize(pathname);
  return COMING_SOON_FEATURES.find((feature) => matches(feature.path, path)) ?? null;
}

/** Pages of the member centre (member layout, "返回会员中心" first). */
export function isMemberFeature(feature: ComingSoonFeature): boolean {
  return feature.path.startsWith("/member/");
}

/** Pages behind the login guard (SPEC §2/§6): they offer a way to the member centre. */
export function isGuardedFeature(feature: ComingSoonFeature): boolean {
  return /^\/(member|order|pay)(\/|$)/.test(feature.path) || feature.path.endsWith("/payment");
}
