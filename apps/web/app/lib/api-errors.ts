import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { ApiError } from "@shop/contract/client";
import { Code, isTokenCode } from "@shop/contract/codes";
import type { BodyOf, EndpointPath, ResultOf } from "@shop/contract";
import { browserApi } from "./api.ts";
import { loginUrl } from "./auth.ts";
import { handleClosedCode } from "./site-closed.ts";
import { toast } from "../components/ui/toast.ts";

/** SPEC §8 TOKEN_ERROR, in natural Chinese. */
export const LOGIN_EXPIRED_MESSAGE = "登录信息已失效，请重新登录";
const FALLBACK_MESSAGE = "操作失败，请稍后再试";

export interface ApiErrorOptions {
  /** The call needs a logged-in member (SPEC §6 forceLogin): a token error sends the shopper to login. */
  forceLogin?: boolean;
  /** Handle token errors but show no toast for other failures (SPEC §8: some failures are silent). */
  silent?: boolean;
}

export type ApiErrorAction = { kind: "login" } | { kind: "toast"; message: string } | { kind: "ignore" };

/**
 * Seconds the server asked to wait when it refused a call as too frequent (-10029 操作过于频繁，请稍后再试,
 * `data.retry_after`); 0 for any other outcome.
 */
export function retryAfterSeconds(error: unknown): number {
  if (!(error instanceof ApiError) || error.code !== Code.TOO_MANY_REQUESTS) return 0;
  const seconds = Number((error.data as { retry_after?: unknown } | null)?.retry_after);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 0;
}

/** What the browser does with a failed call (pure, so it can be tested). */
export function apiErrorAction(error: unknown, options: ApiErrorOptions = {}): ApiErrorAction {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code !== undefined && isTokenCode(code) && options.forceLogin) return { kind: "login" };
  if (options.silent) return { kind: "ignore" };
  if (code !== undefined && isTokenCode(code)) return { kind: "toast", message: LOGIN_EXPIRED_MESSAGE };
  const message = error instanceof Error && error.message ? error.message : FALLBACK_MESSAGE;
  const retryAfter = retryAfterSeconds(error);
  return { kind: "toast", message: retryAfter > 0 ? `${message}（${retryAfter} 秒后）` : message };
}

/**
 * Returns `handle(error, options)` for failures of `browserApi` calls:
 * - token error on a forceLogin call → toast 登录信息已失效，请重新登录, the cookie is cleared
 *   (logout deletes it server-side), and the shopper goes to /auth/login?redirect={current path};
 * - anything else → the server's message in a single toast (one at a time).
 */
export function useApiErrorHandler(): (error: unknown, options?: ApiErrorOptions) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (error: unknown, options?: ApiErrorOptions) => {
      if (handleClosedCode(error)) return;
      const action = apiErrorAction(error, options);
      if (action.kind === "toast") toast.error(action.message);
      if (action.kind !== "login") return;
      toast.warning(LOGIN_EXPIRED_MESSAGE);
      const backTo = location.pathname + location.search;
      void browserApi.raw("/api/login/logout").finally(() => {
        // Revalidate every loader so the top bar forgets the member, then show the login page.
        void navigate(loginUrl(backTo), { replace: true, defaultShouldRevalidate: true });
      });
    },
    [navigate, location.pathname, location.search],
  );
}

/**
 * For calls flagged forceLogin (cart, orders, addresses, coupons, footprints, member info):
 * `const call = useMemberCall(); const data = await call("/api/cart/count")` resolves with the
 * data, or with `undefined` after the failure was handled as above.
 */
export function useMemberCall() {
  const handle = useApiErrorHandler();
  return useCallback(
    async <P extends EndpointPath>(path: P, body?: BodyOf<P>, options?: Omit<ApiErrorOptions, "forceLogin">): Promise<ResultOf<P> | undefined> => {
      try {
        return await browserApi.call(path, body);
      } catch (error) {
        handle(error, { ...options, forceLogin: true });
        return undefined;
      }
    },
    [handle],
  );
}
