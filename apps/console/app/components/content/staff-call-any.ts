import type { EndpointPath } from "@shop/contract";
import type { useStaffCall } from "../../lib/use-staff-call.ts";

/**
 * The pages shared by several kinds of content (DocListPage, DocEditPage, DocGroupsDrawer) pick
 * their call from a table (doc-kinds.ts), so its path is a union the typed call cannot narrow:
 * this views the call untyped, the result typed by the caller. The server still validates the body.
 */
export function untypedCall(call: ReturnType<typeof useStaffCall>) {
  return call as unknown as <T>(path: EndpointPath, body?: object) => Promise<T | undefined>;
}
