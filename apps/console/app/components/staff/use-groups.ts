import { useCallback, useEffect, useState } from "react";
import type { AdminStaffGroup } from "@shop/contract";
import { useStaffCall } from "../../lib/use-staff-call.ts";

/** The roles (/shopapi/user/group) for a page's pickers and list; `reload` after a change. */
export function useStaffGroups() {
  const call = useStaffCall();
  const [groups, setGroups] = useState<AdminStaffGroup[]>([]);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(async () => {
    setLoading(true);
    const list = await call("/shopapi/user/group", {});
    setLoading(false);
    if (list) setGroups(list);
  }, [call]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { groups, loading, reload };
}
