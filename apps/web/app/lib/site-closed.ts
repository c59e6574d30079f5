import { redirect } from "react-router";
import { ApiError } from "@shop/contract/client";
import { Code } from "@shop/contract/codes";
import type { ApiClient } from "@shop/contract";
import { toRouterPath } from "./links.ts";

/**
 * SPEC §8 / reference: while the shop is closed every call but /api/site/info answers -3 (the status
 * call too, with `shop_status: 0`), and a visitor who gets that answer is sent to /close (not when
 * already there), which polls the status until it answers code 0 again.
 */
export const CLOSE_PATH = "/close";

/** The storefront's URL of /close for full-page navigations (outside the router: basename included). */
const CLOSE_DOCUMENT_URL = "/web/close";

/** True for a -3 answer: an envelope, an ApiError, or a bare code. */
export function isSiteClosed(outcome: unknown): boolean {
  if (typeof outcome === "number") return outcome === Code.SITE_CLOSED;
  if (outcome instanceof ApiError) return outcome.code === Code.SITE_CLOSED;
  if (outcome && typeof outcome === "object" && "code" in outcome) return (outcome as { code: unknown }).code === Code.SITE_CLOSED;
  return false;
}

/** Whether a pathname (with or without the /web basename) is the close page. */
export function isClosePath(pathname: string): boolean {
  return toRouterPath(pathname).replace(/\/+$/, "") === CLOSE_PATH;
}

/**
 * Loaders: throws a redirect to /close when `outcome` (a caught error or an envelope) says the shop
 * is closed, unless the request is for /close itself. Otherwise returns and the caller goes on.
 */
export function redirectIfClosed(outcome: unknown, request: Request): void {
  if (!isSiteClosed(outcome) || isClosePath(new URL(request.url).pathname)) return;
  throw redirect(CLOSE_PATH);
}

/** A loader's essential call: a closed shop (-3) sends the visitor to /close, other failures propagate. */
export async function loadOrClose<T>(request: Request, load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    redirectIfClosed(error, request);
    throw error;
  }
}

/**
 * A `.catch` handler for a loader call that falls back quietly: a closed shop still sends the
 * visitor to /close (the root loader, which would notice, is not re-run on client navigations).
 */
export function fallbackUnlessClosed<T>(request: Request, fallback: T): (error: unknown) => T {
  return (error) => {
    redirectIfClosed(error, request);
    return fallback;
  };
}

/**
 * Loaders whose calls all fall back silently (the root loader): asks /api/site/status, which
 * answers -3 while closed, and redirects like `redirectIfClosed`. A status call failing otherwise
 * is not taken as closed.
 */
export async function redirectIfShopClosed(api: ApiClient, request: Request): Promise<void> {
  if (isClosePath(new URL(request.url).pathname)) return;
  const status = await api.raw("/api/site/status").catch(() => null);
  if (isSiteClosed(status)) throw redirect(CLOSE_PATH);
}

/**
 * Browser calls: on -3 (a code, an envelope or an ApiError) leaves for /close with a full page
 * load, unless already there. Returns true when it did, so the caller can stop.
 */
export function handleClosedCode(outcome: unknown): boolean {
  if (typeof window === "undefined" || !isSiteClosed(outcome) || isClosePath(window.location.pathname)) return false;
  window.location.assign(CLOSE_DOCUMENT_URL);
  return true;
}

/** The close page: true once the status call answers open again (code 0 and shop_status 1; -3 while closed). */
export function isReopened(envelope: { code: number; data: { shop_status: number } | null } | null): boolean {
  return envelope?.code === Code.SUCCESS && Number(envelope.data?.shop_status) === 1;
}

/** A loader call's outcome: its data, or the message to show (SPEC §8: failed lists show it in a toast). */
export type Settled<T> = { data: T; error: "" } | { data: null; error: string };

/** Awaits a loader's call: -3 redirects to /close (`redirectIfClosed`); other failures settle with their message. */
export async function settleCall<T>(call: Promise<T>, request: Request): Promise<Settled<T>> {
  try {
    return { data: await call, error: "" };
  } catch (error) {
    redirectIfClosed(error, request);
    return { data: null, error: error instanceof Error && error.message ? error.message : "加载失败，请稍后再试" };
  }
}
