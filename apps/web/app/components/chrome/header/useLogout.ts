import { useLocation, useNavigate, useRevalidator } from "react-router";
import { App } from "antd";
import { ApiError, isTokenCode } from "@shop/contract";
import { browserApi } from "../../../lib/api.ts";

/**
 * Logout: the server revokes the token and clears the httpOnly cookie; the root loader then
 * reloads, so the member is cleared (cart count 0, empty mini-cart). Leaves member pages for home.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const { message } = App.useApp();
  return async () => {
    try {
      await browserApi.call("/api/login/logout");
    } catch (error) {
      // a dead token is as good as logged out; anything else keeps the session
      if (!(error instanceof ApiError && isTokenCode(error.code))) {
        void message.error((error as Error).message || "退出登录失败");
        return;
      }
    }
    if (location.pathname.startsWith("/member")) await navigate("/");
    await revalidator.revalidate();
  };
}
