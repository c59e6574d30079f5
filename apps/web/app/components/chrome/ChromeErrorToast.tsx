import { useEffect } from "react";
import { App } from "antd";
import { useGlobalData } from "../../lib/global-data.ts";

/** SPEC §8: a failed category/link load shows the server message as an error toast (once). */
export function ChromeErrorToast() {
  const { loadErrors } = useGlobalData();
  const { message } = App.useApp();
  const first = loadErrors[0];
  useEffect(() => {
    if (first) void message.error(first);
  }, [first, message]);
  return null;
}
