import { data } from "react-router";
import { requireMember } from "../lib/auth.ts";
import type { Route } from "./+types/guarded-pending";

/**
 * Member, cart, order and pay routes not built yet: the auth guard applies as SPEC §2 says (guests
 * go to login with the full path), then a member sees the not-found page until the page exists.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireMember(args);
  throw data("This page could not be found", { status: 404, statusText: "Not Found" });
}

export default function GuardedPending() {
  return null;
}
