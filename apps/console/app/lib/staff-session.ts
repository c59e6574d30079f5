import { redirect, useRouteLoaderData } from "react-router";
import { isTokenCode } from "@shop/contract/codes";
import type { StaffProfile } from "@shop/contract";
import { consoleApi } from "./api.ts";

/** The router's basename (react-router.config.ts); paths below are inside it. */
export const CONSOLE_BASENAME = "/console";
/** The console's start: it opens the first page of the staff member's work (routes/home.tsx). */
export const HOME_PATH = "/";

/** "/login?redirect=/chat": where a page without a staff session sends the browser. */
export function loginPath(backTo: string): string {
  return backTo && backTo !== HOME_PATH ? `/login?redirect=${encodeURIComponent(backTo)}` : "/login";
}

/**
 * Where to go after logging in: the `redirect` parameter when it is a console path ("/chat"),
 * the console's start otherwise — never another site ("//evil.example", "https://…").
 */
export function afterLoginPath(redirectParam: string | null): string {
  if (!redirectParam || !redirectParam.startsWith("/") || redirectParam.startsWith("//") || redirectParam.startsWith("/\\")) return HOME_PATH;
  return redirectParam;
}

/** The console path of a request's URL ("/console/chat?x=1" → "/chat?x=1"). */
export function consolePathOf(url: string): string {
  const { pathname, search } = new URL(url);
  const inside = pathname.startsWith(CONSOLE_BASENAME) ? pathname.slice(CONSOLE_BASENAME.length) || "/" : pathname;
  return inside + search;
}

/** The staff session's profile, or null when there is none (-10009 / -10010); other failures throw. */
export async function currentStaff(): Promise<StaffProfile | null> {
  const envelope = await consoleApi.raw("/shopapi/staff/info");
  if (isTokenCode(envelope.code)) return null;
  if (envelope.code !== 0 || !envelope.data) throw new Error(envelope.message || "加载登录信息失败");
  return envelope.data;
}

/** For the loaders of signed-in pages: the profile, or a redirect to login that comes back here. */
export async function requireStaff(request: Request): Promise<StaffProfile> {
  const staff = await currentStaff();
  if (!staff) throw redirect(loginPath(consolePathOf(request.url)));
  return staff;
}

/** The names of the two roles of before roles were data (an account without a group shows these). */
export const ROLE_LABEL: Record<string, string> = { admin: "管理员", servicer: "客服" };

/** The header's role tag: the staff member's role (group) name. */
export function roleLabel(staff: Pick<StaffProfile, "role" | "group_name">): string {
  return staff.group_name || ROLE_LABEL[staff.role] || staff.role;
}

/** The signed-in staff member, for pages inside the console layout (its loader read them). */
export function useSignedInStaff(): StaffProfile | undefined {
  return useRouteLoaderData<{ staff: StaffProfile }>("layouts/console")?.staff;
}
