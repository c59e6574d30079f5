import type { StaffPermissionGroup } from "@shop/contract";

/**
 * Staff permissions: every name a staff call may require (core's `api.staff(path, permission, …)`),
 * with the label and menu group the role editor shows it under (grouped as the console's menu is).
 * A staff member's permissions come from their role (staff_group.menu_array, groups.ts); the
 * 管理员 role (is_system) holds every one of them, the names added later included.
 */
export const PERMISSION_CATALOG = [
  { name: "stat.view", label: "查看经营概况", group: "概况" },
  { name: "goods.manage", label: "商品、分类、品牌、门店与物流", group: "商品" },
  { name: "order.view", label: "查看订单", group: "订单" },
  { name: "order.ship", label: "订单发货", group: "订单" },
  { name: "order.adjust", label: "订单调价与备注", group: "订单" },
  { name: "order.close", label: "关闭订单", group: "订单" },
  { name: "order.verify", label: "核销台", group: "订单" },
  { name: "verifier.manage", label: "核销员管理", group: "订单" },
  { name: "refund.manage", label: "退款维权", group: "售后" },
  { name: "complaint.manage", label: "交易投诉", group: "售后" },
  { name: "evaluate.manage", label: "评价管理", group: "售后" },
  { name: "member.view", label: "查看会员", group: "会员" },
  // member levels, growth, sign-in and recharge packages, labels
  { name: "member.manage", label: "会员等级、标签、签到与充值", group: "会员" },
  // withdrawals move money out of the shop
  { name: "withdraw.manage", label: "提现审核", group: "会员" },
  // seckill slots and goods, group buys, combos, coupons (prices and stock pools of promotions)
  { name: "promotion.manage", label: "营销活动", group: "营销" },
  { name: "content.manage", label: "店铺装修与文章", group: "店铺装修" },
  { name: "setting.manage", label: "系统设置", group: "设置" },
  { name: "shop.manage", label: "客服话术与店铺运营", group: "设置" },
  { name: "staff.manage", label: "员工、角色与操作日志", group: "员工" },
  { name: "chat.serve", label: "在线客服", group: "客服" },
] as const;

export const PERMISSIONS = PERMISSION_CATALOG.map((entry) => entry.name);
export type Permission = (typeof PERMISSION_CATALOG)[number]["name"];

// Core's `api.staff(path, …)` takes these names (core/sessions.ts StaffPermissionNames).
declare module "../../core/sessions.ts" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the names are its keys
  interface StaffPermissionNames extends Record<(typeof PERMISSION_CATALOG)[number]["name"], true> {}
}

const KNOWN = new Set<string>(PERMISSIONS);
export const isPermission = (name: string): name is Permission => KNOWN.has(name);

/** The catalogue grouped for the role editor, in menu order. */
export function permissionGroups(): StaffPermissionGroup[] {
  const groups: StaffPermissionGroup[] = [];
  for (const { name, label, group } of PERMISSION_CATALOG) {
    let entry = groups.find((candidate) => candidate.group_name === group);
    if (!entry) groups.push((entry = { group_name: group, permissions: [] }));
    entry.permissions.push({ name, label });
  }
  return groups;
}

/**
 * The permissions of an account without a role read (group_id 0: a row written by a script or a
 * test fixture that knows only the legacy `role`): admin everything, anyone else what 客服 had.
 */
const LEGACY_ROLE_PERMISSIONS: Record<string, readonly Permission[]> = {
  admin: PERMISSIONS,
  servicer: ["order.view", "chat.serve"],
};

/** A staff member as the permission check sees them: their role's permissions when they were read. */
export interface PermissionHolder {
  role: string;
  permissions?: readonly string[];
}

/** Whether a staff member (or, for callers that only know it, a legacy role name) holds a permission. */
export function hasPermission(holder: string | PermissionHolder, permission: Permission): boolean {
  const held = typeof holder === "string" ? undefined : holder.permissions;
  return (held ?? permissionsOf(typeof holder === "string" ? holder : holder.role)).includes(permission);
}

/** The legacy role's permissions (see LEGACY_ROLE_PERMISSIONS). */
export function permissionsOf(role: string): Permission[] {
  return [...(LEGACY_ROLE_PERMISSIONS[role] ?? [])];
}

/** A role's permissions from its row: every one for 管理员, else the known names of its menu_array. */
export function groupPermissions(group: { is_system: number; menu_array: string }): Permission[] {
  if (group.is_system === 1) return [...PERMISSIONS];
  const listed = new Set(group.menu_array.split(",").map((name) => name.trim()));
  return PERMISSIONS.filter((name) => listed.has(name));
}
