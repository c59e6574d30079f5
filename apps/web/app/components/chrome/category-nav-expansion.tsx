import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { useMatches } from "react-router";
import { TOP_AD_CLOSED_EVENT } from "../../lib/client-state.ts";

/**
 * SPEC §2: the category panel is expanded on the home page while the top ad shows; elsewhere it
 * opens on hover. Two inputs decide it:
 *
 * 1. The route handle, read during render, so the server render is already right:
 *      export const handle = { expandCategoryNav: true };
 *    or, better, as a function of the route's loader data when the loader knows whether the
 *    top ad shows (no ad configured, closed 3 times, closed during this visit):
 *      export const handle = { expandCategoryNav: (data: HomeData) => data.topAd != null };
 * 2. The shopper closing the top ad: the home page fires TOP_AD_CLOSED_EVENT on window
 *    (lib/client-state.ts recordTopAdClose); TopAdProvider hears it and the panel collapses back
 *    to open-on-hover for as long as the shell stays mounted (the ad stays hidden for the visit).
 */
export interface CategoryNavHandle {
  expandCategoryNav?: boolean | ((loaderData: unknown) => boolean);
}

const TopAdClosedContext = createContext(false);

/** Remembers that the top ad was closed; PageShell wraps the page with it. */
export function TopAdProvider({ children }: { children: ReactNode }) {
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    const onClose = () => setClosed(true);
    window.addEventListener(TOP_AD_CLOSED_EVENT, onClose);
    return () => window.removeEventListener(TOP_AD_CLOSED_EVENT, onClose);
  }, []);
  return <TopAdClosedContext.Provider value={closed}>{children}</TopAdClosedContext.Provider>;
}

/** True when the category panel must stay open (instead of opening on hover). */
export function useCategoryNavExpanded(): boolean {
  const matches = useMatches();
  const topAdClosed = useContext(TopAdClosedContext);
  if (topAdClosed) return false;
  return matches.some((match) => {
    const expand = (match.handle as CategoryNavHandle | undefined)?.expandCategoryNav;
    return typeof expand === "function" ? expand(match.loaderData) : expand === true;
  });
}
