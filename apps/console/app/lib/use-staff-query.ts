import { useCallback, useEffect, useRef, useState } from "react";
import { App } from "antd";
import type { BodyOf, EndpointPath, ResultOf } from "@shop/contract";
import type { Page } from "@shop/contract/codes";
import { useStaffCall } from "./use-staff-call.ts";

/** What a paged list shows before its first answer. */
export const NO_PAGE: Page<never> = { list: [], count: 0, page_count: 0 };

/**
 * `const { data, loading, reload } = useStaffQuery(path, body, initial)`: what a list page shows — the
 * answer of one staff call, asked again whenever the body changes (compared by value: the URL's
 * filters and page) and on `reload()` after a change. An answer overtaken by a newer question is
 * dropped; a failed call keeps the last data (the failure was shown by the staff call).
 * `refreshAfter(call(…), "已删除…")`: when a change was taken (the staff call answered, not undefined), says so
 * and asks the list again.
 */
export function useStaffQuery<P extends EndpointPath>(path: P, body: BodyOf<P>, initial: ResultOf<P>) {
  const call = useStaffCall();
  const { message } = App.useApp();
  const [data, setData] = useState<ResultOf<P>>(initial);
  const [loading, setLoading] = useState(true);
  const asked = useRef(0);
  const key = JSON.stringify(body ?? {});

  const reload = useCallback(async () => {
    const ticket = ++asked.current;
    setLoading(true);
    const answer = await call(path, JSON.parse(key) as BodyOf<P>);
    if (ticket !== asked.current) return;
    setLoading(false);
    if (answer !== undefined) setData(answer);
  }, [call, path, key]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const refreshAfter = useCallback(
    async (change: Promise<unknown>, text: string): Promise<boolean> => {
      if ((await change) === undefined) return false;
      void message.success(text);
      void reload();
      return true;
    },
    [message, reload],
  );

  return { data, setData, loading, reload, refreshAfter };
}
