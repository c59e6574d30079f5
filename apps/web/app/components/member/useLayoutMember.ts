import { useRouteLoaderData } from "react-router";
import type { MemberInfo } from "@shop/contract";

/** Route id of layouts/member.tsx, whose loader guards the member pages and returns the member. */
const MEMBER_LAYOUT_ID = "layouts/member";

/** The logged-in member, for pages inside the member layout. */
export function useLayoutMember(): MemberInfo {
  const data = useRouteLoaderData(MEMBER_LAYOUT_ID) as { member: MemberInfo } | undefined;
  if (!data) throw new Error("member layout data missing");
  return data.member;
}
