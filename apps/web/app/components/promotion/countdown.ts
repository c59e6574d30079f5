import { useCallback, useEffect, useRef, useState } from "react";

/**
 * The promotions' countdowns (seckill slots and windows, group buys, combos): a window [start_at,
 * end_at) in unix seconds is 即将开始 before, on inside, over after, and counts down to its start,
 * then to its end. The clock is the server's when the page has its time (every seckill answer
 * carries `current_time`): the page takes the difference to the browser's clock once (the skew) and
 * counts by Date.now() corrected for it, so a visitor whose clock is off still sees a slot start and
 * end when the server says. Pure rules here, and useCountdownClock, the ticking hook.
 */

export interface CountdownWindow {
  start_at: number;
  end_at: number;
}

export type WindowState = "upcoming" | "running" | "ended";

/** The server's seconds minus the browser's, at the moment an answer arrived. */
export function clockSkew(serverTime: number, clientMs: number): number {
  return serverTime - clientMs / 1000;
}

/** Whole server seconds of a browser instant corrected by the skew. */
export function serverNow(clientMs: number, skew: number): number {
  return Math.floor(clientMs / 1000 + skew);
}

/** A window's state at `now` (unix seconds): [start_at, end_at) is on. */
export function windowStateAt(window: CountdownWindow, now: number): WindowState {
  if (now < window.start_at) return "upcoming";
  if (now >= window.end_at) return "ended";
  return "running";
}

export interface Countdown {
  /** 距结束 (running) or 距开始 (upcoming) */
  label: "距结束" | "距开始";
  /** seconds left, ≥ 0 */
  seconds: number;
}

/** What a window's countdown shows at `now`: to its end while on, to its start before; null once over. */
export function countdownAt(window: CountdownWindow, now: number): Countdown | null {
  const state = windowStateAt(window, now);
  if (state === "ended") return null;
  return state === "running" ? { label: "距结束", seconds: window.end_at - now } : { label: "距开始", seconds: window.start_at - now };
}

const two = (value: number) => String(value).padStart(2, "0");

/** Hours, minutes and seconds of a countdown, two digits each (hours may grow past 24); zeros once past. */
export function clockParts(seconds: number): [string, string, string] {
  const left = Math.max(0, Math.floor(seconds));
  return [two(Math.floor(left / 3600)), two(Math.floor((left % 3600) / 60)), two(left % 60)];
}

/** Seconds left as "3天 05:12:33" (days only when there are some); "00:00:00" once past. */
export function formatCountdown(seconds: number): string {
  const left = Math.max(0, Math.floor(seconds));
  const days = Math.floor(left / 86_400);
  const clock = clockParts(left % 86_400).join(":");
  return days > 0 ? `${days}天 ${clock}` : clock;
}

/** Checks a few times a second, so a countdown turns on the second. */
const TICK_MS = 250;

export interface CountdownClock {
  /** unix seconds now: the render's `serverTime` (0 without one) until mounted, then ticking */
  now: number;
  /** true once ticking in the browser */
  live: boolean;
  /** takes the skew from a fresh answer's current_time (received just now) */
  sync: (serverTime: number) => void;
}

/**
 * The clock of a page's countdowns. With `serverTime` (the loader's answer's) it is the server's:
 * rendering (on the server and while hydrating) uses that time, so both show the same countdown;
 * once mounted the skew is taken from it and the clock ticks. A page that may come from the page
 * cache (its answer a little old) calls sync with a fresh answer's current_time. Without it the
 * clock is the browser's, and there is nothing to show before it is live (the page shows a date).
 */
export function useCountdownClock(serverTime?: number): CountdownClock {
  const skew = useRef<number | null>(null);
  const [now, setNow] = useState(serverTime ?? 0);
  const [live, setLive] = useState(false);
  useEffect(() => {
    skew.current ??= serverTime === undefined ? 0 : clockSkew(serverTime, Date.now());
    const tick = () => setNow(serverNow(Date.now(), skew.current ?? 0));
    tick();
    setLive(true);
    const timer = window.setInterval(tick, TICK_MS);
    return () => window.clearInterval(timer);
    // The skew is taken once; later answers come through sync.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const sync = useCallback((fresh: number) => {
    skew.current = clockSkew(fresh, Date.now());
    setNow(serverNow(Date.now(), skew.current));
  }, []);
  return { now, live, sync };
}
