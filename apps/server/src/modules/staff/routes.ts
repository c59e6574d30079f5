import type { Api } from "../../core/api.ts";
import { LOGIN_LIMIT } from "../auth/routes.ts";
import { staffLogin, staffLogout } from "./login.ts";
import { permissionsOf } from "./permissions.ts";

/** The staff API lives under /shopapi; staff tokens go in the body (`token`) or the X-Staff-Token header. */
export function registerStaffRoutes(api: Api): void {
  api.public("/shopapi/login/login", (body, ctx) => staffLogin(ctx, body.username, body.password), LOGIN_LIMIT);
  api.staff("/shopapi/login/logout", "order.view", (_body, ctx) => staffLogout(ctx));
  api.staff("/shopapi/staff/info", "order.view", (_body, ctx) => ({ ...ctx.staff, permissions: permissionsOf(ctx.staff.role) }));
}
