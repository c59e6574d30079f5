import { useEffect } from "react";
import { toast } from "../ui/toast.ts";

/**
 * SPEC §8: a failed list load shows the server's message in a toast (one at a time). The messages
 * come from the loader; the toast appears once the page has hydrated.
 */
export function useLoadFailureToast(messages: string[]): void {
  const first = messages[0] ?? "";
  useEffect(() => {
    if (first) toast.error(first);
  }, [first]);
}
