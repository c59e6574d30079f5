import { useCallback, useEffect, useRef, useState } from "react";
import type { SeckillSlot, SeckillSlotState } from "@shop/contract";

/**
 * Seckill time on the page, by the server's clock: every seckill answer carries `current_time` (the
 * server's unix seconds). The page takes the difference to the browser's clock once (the skew) and
 * counts down by Date.now() corrected for it, so a visitor whose clock is off still sees the slot start
 * and end when the server says. Pure rules here; useServerClock is the ticking hook.
 */

/** The server's seconds minus the browser's, at the moment an answer arrived. */
export function clockSkew(serverTime: number, clientMs: number): number {
  return serverTime - clientMs / 1000;
}

/** Whole server seconds of a browser instant corrected by the skew. */
export function serverNow(clientMs: number, skew: number): number {
  return Math.floor(clientMs / 1000 + skew);
}

/** A slot's state at `now` (unix seconds): [start_at, end_at) is 抢购中. */
export function slotStateAt(slot: Pick<SeckillSlot, "start_at" | "end_at">, now: number): SeckillSlotState {
  if (now < slot.start_at) return "upcoming";
  if (now >= slot.end_at) return "ended";
  return "running";
}

export interface Countdown {
  /** 距结束 (running) or 距开始 (upcoming) */
  label: "距结束" | "距开始";
  /** seconds left, ≥ 0 */
  seconds: number;
}

/** What a window's countdown shows at `now`: to its end while on, to its start before; null once over. */
export function countdownAt(window: { start_at: number; end_at: number }, now: number): Countdown | null {
  const state = slotStateAt(window, now);
  if (state === "ended") return null;
  return state === "running" ? { label: "距结束", seconds: window.end_at - now } : { label: "距开始", seconds: window.start_at - now };
}

/** Hours, minutes and seconds of a countdown, two digits each (hours may grow past 24). */
export function clockParts(seconds: number): [string, string, string] {
  const left = Math.max(0, Math.floor(seconds));
  const two = (value: number) => String(value).padStart(2, "0");
  return [two(Math.floor(left / 3600)), two(Math.floor((left % 3600) / 60)), two(left % 60)];
}

/**
 * The slot a page shows: the one asked for (?time_id=) when it exists, else the one on now, else the
 * next to start, else the last of the day; 0 without slots.
 */
export function pickSlotId(slots: readonly SeckillSlot[], currentId: number, wanted: number | null): number {
  if (wanted !== null && slots.some((slot) => slot.id === wanted)) return wanted;
  if (currentId && slots.some((slot) => slot.id === currentId)) return currentId;
  return (slots.find((slot) => slot.state === "upcoming") ?? slots[slots.length - 1])?.id ?? 0;
}

/** Checks a few times a second, so a countdown turns on the second. */
const TICK_MS = 250;

export interface ServerClock {
  /** the server's unix seconds now: the render's server time until hydrated, then ticking */
  now: number;
  /** true once ticking in the browser */
  live: boolean;
  /** takes the skew from a fresh answer's current_time (received just now) */
  sync: (serverTime: number) => void;
}

/**
 * The server's clock in the page. Rendering (on the server and while hydrating) uses `serverTime`
 * of the loader's answer, so both show the same countdown; once mounted, the skew is taken from it
 * and the clock ticks. A page that may come from the page cache (its answer a little old) calls sync
 * with a fresh answer's current_time.
 */
export function useServerClock(serverTime: number): ServerClock {
  const skew = useRef<number | null>(null);
  const [now, setNow] = useState(serverTime);
  const [live, setLive] = useState(false);
  useEffect(() => {
    skew.current ??= clockSkew(serverTime, Date.now());
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
