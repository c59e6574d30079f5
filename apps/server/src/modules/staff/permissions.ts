/**
 * Staff permissions and the roles that hold them. The seeded accounts have the roles `admin`
 * (everything) and `servicer` (support chat and reading orders to answer questions).
 */
export const PERMISSIONS = [
  "order.view", "order.ship", "order.adjust", "order.close", "order.verify", "refund.manage", "complaint.manage",
  "evaluate.manage", "verifier.manage", "shop.manage", "chat.serve",
  // member levels, growth, sign-in and recharge packages; withdrawals move money out of the shop
  "member.manage", "withdraw.manage",
  // seckill slots and goods, group buys, combos (prices and stock pools of promotions)
  "promotion.manage",
  // the back office (issue 22): goods and their taxonomy, stores and delivery; ads, home page,
  // articles, notices, help; the shop's settings, payment keys and SMS
  "goods.manage", "content.manage", "setting.manage",
  // the back office II (issue 23): 概况 figures; reading members (adjusting them is member.manage);
  // staff accounts, roles and the operation log
  "stat.view", "member.view", "staff.manage",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

// Core's `api.staff(path, permission, …)` takes these names (core/sessions.ts StaffPermissionNames).
declare module "../../core/sessions.ts" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the names are its keys
  interface StaffPermissionNames extends Record<(typeof PERMISSIONS)[number], true> {}
}

const ROLE_PERMISSIONS: Record<string, ReadonlySet<Permission>> = {
  admin: new Set(PERMISSIONS),
  servicer: new Set<Permission>(["order.view", "chat.serve"]),
};

export function hasPermission(role: string, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role]?.has(permission) ?? false;
}

export function permissionsOf(role: string): Permission[] {
  return [...(ROLE_PERMISSIONS[role] ?? [])];
}
