import type { Api } from "../../core/api.ts";
import { LOGIN_LIMIT } from "../auth/routes.ts";
import { staffLogin, staffLogout } from "./login.ts";
import { permissionsOf } from "./permissions.ts";
import { changeOwnPassword } from "./accounts.ts";

/** The staff API lives under /shopapi; staff tokens go in the body (`token`) or the X-Staff-Token header. */
export function registerStaffRoutes(api: Api): void {
  api.public("/shopapi/login/login", (body, ctx) => staffLogin(ctx, body.username, body.password), LOGIN_LIMIT);
  api.staff("/shopapi/login/logout", "order.view", (_body, ctx) => staffLogout(ctx));
  api.staff("/shopapi/staff/info", "order.view", (_body, ctx) => ({ ...ctx.staff, permissions: permissionsOf(ctx.staff.role) }));
  // Every role holds order.view: any signed-in staff member changes their own password.
  api.staff("/shopapi/user/modifypassword", "order.view", (body, ctx) => changeOwnPassword(ctx, body.old_password, body.new_password));
}
