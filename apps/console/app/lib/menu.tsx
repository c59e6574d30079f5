import type { ReactNode } from "react";
import {
  CustomerServiceOutlined, DashboardOutlined, FileTextOutlined, GiftOutlined, SettingOutlined,
  ShoppingCartOutlined, ShoppingOutlined, TeamOutlined, UserOutlined, UndoOutlined,
} from "@ant-design/icons";

/**
 * The console's left menu, grouped as a Chinese shop admin is. Each page names the permission it
 * needs: the menu shows only the pages the signed-in staff member may open (the server refuses the
 * rest anyway), and a group with no page left is not shown. The breadcrumbs read the same list.
 * A page's `path` is its route in routes.ts; `match` lists the deeper paths (an editor, a detail)
 * that belong to it.
 */
export interface MenuPage {
  path: string;
  label: string;
  /** the permission it needs; none: every signed-in staff member (their own password) */
  permission?: string;
  /** deeper routes shown under this entry: "/goods/edit" for the goods list */
  match?: string[];
}

export interface MenuGroup {
  key: string;
  label: string;
  icon: ReactNode;
  pages: MenuPage[];
}

export const MENU_GROUPS: MenuGroup[] = [
  { key: "overview", label: "概况", icon: <DashboardOutlined />, pages: [{ path: "/overview", label: "经营概况", permission: "stat.view" }] },
  {
    key: "goods",
    label: "商品",
    icon: <ShoppingOutlined />,
    pages: [
      { path: "/goods", label: "商品列表", permission: "goods.manage", match: ["/goods/add", "/goods/edit"] },
      { path: "/goods/category", label: "商品分类", permission: "goods.manage" },
      { path: "/goods/brand", label: "商品品牌", permission: "goods.manage" },
      { path: "/goods/service", label: "商品服务", permission: "goods.manage" },
      { path: "/goods/label", label: "商品标签", permission: "goods.manage" },
      { path: "/goods/import", label: "商品导入", permission: "goods.manage" },
      { path: "/goods/recycle", label: "回收站", permission: "goods.manage" },
    ],
  },
  {
    key: "order",
    label: "订单",
    icon: <ShoppingCartOutlined />,
    pages: [
      { path: "/order", label: "订单列表", permission: "order.view", match: ["/order/detail"] },
      { path: "/order/verify", label: "核销台", permission: "order.verify" },
    ],
  },
  {
    key: "aftersale",
    label: "售后",
    icon: <UndoOutlined />,
    pages: [
      { path: "/aftersale/refund", label: "退款维权", permission: "refund.manage" },
      { path: "/aftersale/complain", label: "交易投诉", permission: "complaint.manage" },
      { path: "/aftersale/evaluate", label: "评价管理", permission: "evaluate.manage" },
      { path: "/aftersale/late-refund", label: "异常支付退款", permission: "order.close" },
    ],
  },
  {
    key: "member",
    label: "会员",
    icon: <UserOutlined />,
    pages: [
      { path: "/member", label: "会员列表", permission: "member.view", match: ["/member/detail"] },
      { path: "/member/label", label: "会员标签", permission: "member.manage" },
      { path: "/member/level", label: "会员等级", permission: "member.manage" },
      { path: "/member/withdraw", label: "提现审核", permission: "withdraw.manage" },
      { path: "/member/recharge", label: "充值套餐", permission: "member.manage" },
      { path: "/member/signin", label: "签到设置", permission: "member.manage" },
    ],
  },
  {
    key: "marketing",
    label: "营销",
    icon: <GiftOutlined />,
    pages: [
      { path: "/marketing/coupon", label: "优惠券", permission: "promotion.manage", match: ["/marketing/coupon/edit"] },
      { path: "/marketing/seckill", label: "限时秒杀", permission: "promotion.manage" },
      { path: "/marketing/groupbuy", label: "拼团", permission: "promotion.manage" },
      { path: "/marketing/bundling", label: "组合套餐", permission: "promotion.manage" },
    ],
  },
  {
    key: "content",
    label: "店铺装修",
    icon: <FileTextOutlined />,
    pages: [
      { path: "/content/home", label: "首页装修", permission: "content.manage" },
      { path: "/content/adv", label: "广告管理", permission: "content.manage" },
      { path: "/content/nav", label: "导航与友情链接", permission: "content.manage" },
      { path: "/content/article", label: "文章管理", permission: "content.manage", match: ["/content/article/edit"] },
      { path: "/content/notice", label: "公告管理", permission: "content.manage", match: ["/content/notice/edit"] },
      { path: "/content/help", label: "帮助中心", permission: "content.manage", match: ["/content/help/edit"] },
    ],
  },
  {
    key: "settings",
    label: "设置",
    icon: <SettingOutlined />,
    pages: [
      { path: "/settings/site", label: "站点设置", permission: "setting.manage" },
      { path: "/settings/register", label: "注册与登录", permission: "setting.manage" },
      { path: "/settings/order", label: "交易设置", permission: "setting.manage" },
      { path: "/settings/points", label: "积分与余额", permission: "setting.manage" },
      { path: "/settings/pay", label: "支付设置", permission: "setting.manage" },
      { path: "/settings/sms", label: "短信设置", permission: "setting.manage" },
      { path: "/settings/store", label: "门店管理", permission: "goods.manage" },
      { path: "/settings/express", label: "物流与运费", permission: "goods.manage" },
      { path: "/settings/notify", label: "消息通知", permission: "setting.manage" },
    ],
  },
  {
    key: "staff",
    label: "员工",
    icon: <TeamOutlined />,
    pages: [
      { path: "/staff/user", label: "员工管理", permission: "staff.manage" },
      { path: "/staff/role", label: "角色权限", permission: "staff.manage" },
      { path: "/staff/log", label: "操作日志", permission: "staff.manage" },
      { path: "/staff/password", label: "修改密码" },
    ],
  },
  {
    key: "service",
    label: "客服",
    icon: <CustomerServiceOutlined />,
    pages: [{ path: "/chat", label: "客服工作台", permission: "chat.serve" }],
  },
];

/** The groups and pages this staff member may open (empty groups dropped). */
export function menuFor(permissions: readonly string[]): MenuGroup[] {
  const allowed = new Set(permissions);
  return MENU_GROUPS.map((group) => ({ ...group, pages: group.pages.filter((page) => !page.permission || allowed.has(page.permission)) })).filter(
    (group) => group.pages.length > 0,
  );
}

/** The menu entry a console path belongs to (the longest matching one), with its group. */
export function pageOf(pathname: string): { group: MenuGroup; page: MenuPage } | undefined {
  let best: { group: MenuGroup; page: MenuPage; length: number } | undefined;
  for (const group of MENU_GROUPS) {
    for (const page of group.pages) {
      for (const path of [page.path, ...(page.match ?? [])]) {
        const hit = pathname === path || pathname.startsWith(`${path}/`);
        if (hit && (!best || path.length > best.length)) best = { group, page, length: path.length };
      }
    }
  }
  return best && { group: best.group, page: best.page };
}

/**
 * Where /console/ and a login lead: 经营概况 for those who may see the figures, the workbench for
 * customer service (their day is the chat, even if they may read orders), else the first page of
 * their work the menu shows.
 */
const START_PAGES = ["/overview", "/chat"];

export function firstPageFor(permissions: readonly string[]): string {
  const pages = menuFor(permissions).flatMap((group) => group.pages);
  const start = START_PAGES.find((path) => pages.some((page) => page.path === path));
  return start ?? (pages.find((page) => page.permission) ?? pages[0])?.path ?? "/staff/password";
}
