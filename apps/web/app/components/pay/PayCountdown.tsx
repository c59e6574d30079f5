import { useEffect, useRef, useState } from "react";
import { formatTime } from "../../lib/format.ts";

/** "29分05秒" / "1小时02分05秒" of a number of seconds. */
export function formatRemaining(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  const two = (value: number) => String(value).padStart(2, "0");
  return hours > 0 ? `${hours}小时${two(minutes)}分${two(rest)}秒` : `${two(minutes)}分${two(rest)}秒`;
}

interface PayCountdownProps {
  /** unix seconds; 0: the order does not close by itself */
  closeTime: number;
  onExpire: () => void;
}

/**
 * Time left to pay. The server render shows the deadline; the ticking part starts in the browser
 * (the server's clock and the browser's differ, and hydration must match the server's HTML).
 */
export function PayCountdown({ closeTime, onExpire }: PayCountdownProps) {
  const [left, setLeft] = useState<number | null>(null);
  const expire = useRef(onExpire);
  expire.current = onExpire;
  useEffect(() => {
    if (!closeTime) return;
    const tick = () => {
      const remaining = closeTime - Math.floor(Date.now() / 1000);
      setLeft(remaining);
      if (remaining <= 0) {
        window.clearInterval(timer);
        expire.current();
      }
    };
    const timer = window.setInterval(tick, 1000);
    tick();
    return () => window.clearInterval(timer);
  }, [closeTime]);

  if (!closeTime) return null;
  return (
    <p className="pay-countdown">
      {left === null ? (
        <>请在 <strong>{formatTime(closeTime)}</strong> 前完成支付，逾期订单将自动关闭</>
      ) : left > 0 ? (
        <>请在 <strong className="pay-countdown-left">{formatRemaining(left)}</strong> 内完成支付，逾期订单将自动关闭</>
      ) : (
        <strong className="pay-countdown-expired">订单已超过支付时限，将自动关闭</strong>
      )}
    </p>
  );
}
