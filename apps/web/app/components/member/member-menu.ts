/** SPEC §2 member left menu: three groups, each item a /member page. */
export interface MemberMenuGroup {
  title: string;
  items: Array<{ label: string; path: string }>;
}

export const MEMBER_MENU: MemberMenuGroup[] = [
  {
    title: "会员中心",
    items: [
      { label: "欢迎页", path: "/member" },
      { label: "个人信息", path: "/member/info" },
      { label: "账户安全", path: "/member/security" },
      { label: "收货地址", path: "/member/delivery_address" },
      { label: "我的关注", path: "/member/collection" },
      { label: "我的足迹", path: "/member/footprint" },
    ],
  },
  {
    title: "交易中心",
    items: [
      { label: "我的订单", path: "/member/order_list" },
      { label: "退款/售后", path: "/member/activist" },
    ],
  },
  {
    title: "账户中心",
    items: [
      { label: "账户余额", path: "/member/account" },
      { label: "提现记录", path: "/member/withdrawal" },
      { label: "我的优惠券", path: "/member/coupon" },
      { label: "我的积分", path: "/member/my_point" },
      { label: "账户列表", path: "/member/account_list" },
    ],
  },
];

/** Member pages without their own menu item, highlighted under the item they belong to. */
const BELONGS_TO: Record<string, string> = {
  "/member/level": "/member",
  "/member/signin": "/member",
  "/member/security/security": "/member/security",
  "/member/address_edit": "/member/delivery_address",
  "/member/order_detail": "/member/order_list",
  "/member/order_detail_local_delivery": "/member/order_list",
  "/member/order_detail_pickup": "/member/order_list",
  "/member/order_detail_virtual": "/member/order_list",
  "/member/recharge_list": "/member/account",
  "/member/recharge_detail": "/member/account",
  "/member/recharge_order": "/member/account",
  "/member/apply_withdrawal": "/member/account",
  "/member/withdrawal_detail": "/member/withdrawal",
  "/member/account_edit": "/member/account_list",
};

/** The menu path to highlight for a pathname (router path, no basename); null when none fits. */
export function activeMenuPath(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const target = BELONGS_TO[path] ?? path;
  const known = MEMBER_MENU.some((group) => group.items.some((item) => item.path === target));
  return known ? target : null;
}
