import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { App } from "antd";
import { ApiError } from "@shop/contract/client";
import { isTokenCode } from "@shop/contract/codes";
import type { BodyOf, EndpointPath, ResultOf } from "@shop/contract";
import { consoleApi } from "./api.ts";
import { loginPath } from "./staff-session.ts";

export const SESSION_EXPIRED_MESSAGE = "登录已失效，请重新登录";
const FALLBACK_MESSAGE = "操作失败，请稍后再试";

/**
 * Handles a failed staff call: a dead session (-10009 / -10010) goes to login and comes back
 * here after it; any other failure shows the server's message (unless `silent`).
 */
export function useStaffErrorHandler() {
  const navigate = useNavigate();
  const location = useLocation();
  const { message } = App.useApp();
  return useCallback(
    (error: unknown, options: { silent?: boolean } = {}) => {
      if (error instanceof ApiError && isTokenCode(error.code)) {
        void message.warning(SESSION_EXPIRED_MESSAGE);
        void navigate(loginPath(location.pathname + location.search), { replace: true });
        return;
      }
      if (!options.silent) void message.error(error instanceof Error && error.message ? error.message : FALLBACK_MESSAGE);
    },
    [navigate, location.pathname, location.search, message],
  );
}

/** `const call = useStaffCall(); const data = await call(path, body)`: the data, or undefined after the failure was handled. */
export function useStaffCall() {
  const handle = useStaffErrorHandler();
  return useCallback(
    async <P extends EndpointPath>(path: P, body?: BodyOf<P>, options?: { silent?: boolean }): Promise<ResultOf<P> | undefined> => {
      try {
        return await consoleApi.call(path, body);
      } catch (error) {
        handle(error, options);
        return undefined;
      }
    },
    [handle],
  );
}
