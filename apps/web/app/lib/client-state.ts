/**
 * Small pieces of client state that must survive reloads (SPEC §3 "client state"): the count of
 * top-ad closes (a cookie, so the server can skip the ad while rendering), the "closed during this
 * visit" flag (a session cookie) and how often the float layer has popped up (localStorage).
 * Pure readers take the cookie header so loaders and the browser share them.
 */
import type { FloatLayer } from "@shop/contract";

export const TOP_AD_CLOSES_COOKIE = "top_ad_closes";
export const TOP_AD_HIDDEN_COOKIE = "top_ad_hidden";
/** SPEC §9: after 3 closes the top ad is no longer loaded or shown. */
export const TOP_AD_MAX_CLOSES = 3;
/** Fired on window when the shopper closes the top ad (the category nav stops expanding). */
export const TOP_AD_CLOSED_EVENT = "shop:top-ad-closed";

const ONE_YEAR_SECONDS = 365 * 24 * 3600;
const FLOAT_LAYER_STORAGE_KEY = "shop:float-layer-shown";

/** One cookie's value from a Cookie header (or document.cookie); null when absent. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** Sets a cookie for the whole site; without maxAgeSeconds it lasts for the browser session. */
export function writeCookie(name: string, value: string, maxAgeSeconds?: number): void {
  if (typeof document === "undefined") return;
  const age = maxAgeSeconds === undefined ? "" : `; max-age=${maxAgeSeconds}`;
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; samesite=lax${age}`;
}

export interface TopAdState {
  closes: number;
  /** closed during this visit */
  hiddenThisVisit: boolean;
}

export function readTopAdState(cookieHeader: string | null | undefined): TopAdState {
  const closes = Number.parseInt(readCookie(cookieHeader, TOP_AD_CLOSES_COOKIE) ?? "", 10);
  return {
    closes: Number.isFinite(closes) && closes > 0 ? closes : 0,
    hiddenThisVisit: readCookie(cookieHeader, TOP_AD_HIDDEN_COOKIE) === "1",
  };
}

/** Whether the top ad should be loaded and shown for this request / page. */
export function isTopAdWanted(cookieHeader: string | null | undefined): boolean {
  const state = readTopAdState(cookieHeader);
  return state.closes < TOP_AD_MAX_CLOSES && !state.hiddenThisVisit;
}

/** Browser: counts one close, hides the ad for the rest of the visit, tells the chrome. Returns the count. */
export function recordTopAdClose(): number {
  const closes = Math.min(readTopAdState(document.cookie).closes + 1, TOP_AD_MAX_CLOSES);
  writeCookie(TOP_AD_CLOSES_COOKIE, String(closes), ONE_YEAR_SECONDS);
  writeCookie(TOP_AD_HIDDEN_COOKIE, "1");
  window.dispatchEvent(new CustomEvent(TOP_AD_CLOSED_EVENT, { detail: { closes } }));
  return closes;
}

interface FloatLayerRecord {
  key: string;
  shown: number;
}

/** Identifies a float layer, so a new campaign (another image or link) starts counting afresh. */
export function floatLayerKey(layer: Pick<FloatLayer, "img_url" | "url">): string {
  return `${layer.img_url}|${layer.url}`;
}

/** Whether to pop the layer up, given how often this visitor has seen it (`number` 0 = every time). */
export function shouldShowFloatLayer(
  layer: Pick<FloatLayer, "is_show" | "number" | "img_url"> | null | undefined,
  shownTimes: number,
): boolean {
  if (!layer || Number(layer.is_show) !== 1 || !layer.img_url) return false;
  const limit = Number(layer.number) || 0;
  return limit <= 0 || shownTimes < limit;
}

function readFloatLayerRecord(): FloatLayerRecord | null {
  try {
    const raw = window.localStorage.getItem(FLOAT_LAYER_STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<FloatLayerRecord>) : null;
    return parsed && typeof parsed.key === "string" && typeof parsed.shown === "number" ? (parsed as FloatLayerRecord) : null;
  } catch {
    return null;
  }
}

/** Browser: how many times this layer has popped up for this visitor. */
export function readFloatLayerShown(key: string): number {
  const record = readFloatLayerRecord();
  return record && record.key === key ? record.shown : 0;
}

/** Browser: counts one pop-up of this layer. */
export function recordFloatLayerShown(key: string): void {
  const record: FloatLayerRecord = { key, shown: readFloatLayerShown(key) + 1 };
  try {
    window.localStorage.setItem(FLOAT_LAYER_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // storage refused (private mode): the layer simply pops up again next time
  }
}
