import { useEffect } from "react";
import { useGlobalData } from "../../lib/global-data.ts";
import { toast } from "../ui/toast.ts";

/** SPEC §8: a failed category/link load shows the server message as an error toast (once). */
export function ChromeErrorToast() {
  const { loadErrors } = useGlobalData();
  const first = loadErrors[0];
  useEffect(() => {
    if (first) toast.error(first);
  }, [first]);
  return null;
}
