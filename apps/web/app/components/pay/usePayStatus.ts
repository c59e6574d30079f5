import { useEffect, useRef } from "react";
import { PAY_STATUS } from "@shop/contract";
import { browserApi } from "../../lib/api.ts";
import { STATUS_POLL_MS } from "./pay-paths.ts";

/**
 * Polls /api/pay/status every 2 s while `active`, and calls `onStatus` with each answer (the
 * caller moves on when it is paid). A failed poll is simply tried again at the next tick. Stops
 * after `maxPolls` (the page then offers a manual refresh) and when the component goes away.
 */
export function usePayStatus(code: string, active: boolean, onStatus: (status: number) => void, maxPolls = 300): void {
  const callback = useRef(onStatus);
  callback.current = onStatus;
  useEffect(() => {
    if (!active || !code) return;
    let polls = 0;
    let stopped = false;
    const timer = window.setInterval(() => {
      polls += 1;
      if (polls > maxPolls) return window.clearInterval(timer);
      browserApi
        .call("/api/pay/status", { out_trade_no: code })
        .then((answer) => {
          if (stopped) return;
          if (answer.pay_status === PAY_STATUS.PAID) window.clearInterval(timer);
          callback.current(answer.pay_status);
        })
        .catch(() => {});
    }, STATUS_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [code, active, maxPolls]);
}
