import { useEffect, useState } from "react";

/**
 * Countdowns of the group-buy and combo pages. The server renders the end date (the page is the same
 * for every guest and may come from the page cache); once hydrated, the browser ticks every second.
 */

const two = (value: number) => String(value).padStart(2, "0");

/** Seconds left as "3天 05:12:33" (days only when there are some); "00:00:00" once past. */
export function formatCountdown(secondsLeft: number): string {
  const left = Math.max(0, Math.floor(secondsLeft));
  const days = Math.floor(left / 86_400);
  const hours = Math.floor((left % 86_400) / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  const seconds = left % 60;
  const clock = `${two(hours)}:${two(minutes)}:${two(seconds)}`;
  return days > 0 ? `${days}天 ${clock}` : clock;
}

/** The browser's unix seconds, ticking every second after hydration; null while rendering on the server and hydrating. */
export function useNowSeconds(): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const tick = () => setNow(Math.floor(Date.now() / 1000));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
