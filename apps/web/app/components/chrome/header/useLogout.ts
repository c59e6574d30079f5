import { useLocation, useNavigate, useRevalidator } from "react-router";
import { ApiError } from "@shop/contract/client";
import { isTokenCode } from "@shop/contract/codes";
import { browserApi } from "../../../lib/api.ts";
import { toast } from "../../ui/toast.ts";

/**
 * Logout: the server revokes the token and clears the httpOnly cookie; the root loader then
 * reloads, so the member is cleared (cart count 0, empty mini-cart). Leaves member pages for home.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  return async () => {
    try {
      await browserApi.call("/api/login/logout");
    } catch (error) {
      // a dead token is as good as logged out; anything else keeps the session
      if (!(error instanceof ApiError && isTokenCode(error.code))) {
        toast.error((error as Error).message || "退出登录失败");
        return;
      }
    }
    if (location.pathname.startsWith("/member")) await navigate("/");
    await revalidator.revalidate();
  };
}
