import { SIGNED_IN_STAFF, type Api } from "../../core/api.ts";
import { LOGIN_LIMIT } from "../auth/routes.ts";
import { staffLogin, staffLogout, staffProfile } from "./login.ts";
import { changeOwnPassword } from "./accounts.ts";
import { addUser, deleteUser, editUser, modifyUserPassword, modifyUserStatus, pageUsers } from "./users.ts";
import { addGroup, deleteGroup, editGroup, listGroups } from "./groups.ts";
import { permissionGroups } from "./permissions.ts";
import { pageLog } from "./log.ts";

/** The staff API lives under /shopapi; staff tokens go in the body (`token`) or the X-Staff-Token header. */
export function registerStaffRoutes(api: Api): void {
  api.public("/shopapi/login/login", (body, ctx) => staffLogin(ctx, body.username, body.password), LOGIN_LIMIT);
  api.staff("/shopapi/login/logout", SIGNED_IN_STAFF, (_body, ctx) => staffLogout(ctx));
  api.staff("/shopapi/staff/info", SIGNED_IN_STAFF, (_body, ctx) => staffProfile(ctx.staff));
  // Any signed-in staff member changes their own password, whatever their role.
  api.staff("/shopapi/user/modifypassword", SIGNED_IN_STAFF, (body, ctx) => changeOwnPassword(ctx, body.old_password, body.new_password));

  const P = "staff.manage";
  api.staff("/shopapi/user/user", P, (body, ctx) => pageUsers(ctx.db, body));
  api.staff("/shopapi/user/adduser", P, (body, ctx) => addUser(ctx.db, ctx, body));
  api.staff("/shopapi/user/edituser", P, ({ uid, ...input }, ctx) => editUser(ctx.db, ctx, uid, input));
  api.staff("/shopapi/user/modifyuserstatus", P, (body, ctx) => modifyUserStatus(ctx.db, ctx, body.uid, body.status));
  api.staff("/shopapi/user/modifyuserpassword", P, (body, ctx) => modifyUserPassword(ctx.db, ctx, body.uid, body.password));
  api.staff("/shopapi/user/deleteuser", P, (body, ctx) => deleteUser(ctx.db, ctx, body.uid));
  api.staff("/shopapi/user/group", P, (_body, ctx) => listGroups(ctx.db));
  api.staff("/shopapi/user/permissions", P, () => permissionGroups());
  api.staff("/shopapi/user/addgroup", P, (body, ctx) => addGroup(ctx.db, ctx, body));
  api.staff("/shopapi/user/editgroup", P, ({ group_id, ...input }, ctx) => editGroup(ctx.db, ctx, group_id, input));
  api.staff("/shopapi/user/deletegroup", P, (body, ctx) => deleteGroup(ctx.db, ctx, body.group_id));
  api.staff("/shopapi/user/userlog", P, (body, ctx) => pageLog(ctx.db, body));
}
