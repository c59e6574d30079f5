import { useCallback } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { safeRedirectTarget } from "../../lib/auth.ts";

/**
 * After login or register (the server has set the httpOnly cookie): go to the `redirect` query
 * (app paths only) or the member centre, re-running every loader so the top bar shows the member.
 */
export function useFinishLogin(): () => Promise<void> {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return useCallback(
    async () => {
      await navigate(safeRedirectTarget(searchParams.get("redirect")), { replace: true, defaultShouldRevalidate: true });
    },
    [navigate, searchParams],
  );
}
