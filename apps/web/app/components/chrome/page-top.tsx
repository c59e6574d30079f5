import type { ReactNode } from "react";
import { useMatches } from "react-router";

/**
 * A route can put a full-width strip above the whole header (the home page's top ad, SPEC §4)
 * through its handle; PageShell renders it first, during the server render too:
 *   export const handle = { pageTop: (data: HomeData) => <HomeTopAd ad={data.topAd} /> };
 */
export interface PageTopHandle {
  pageTop?: (loaderData: unknown) => ReactNode;
}

export function PageTop() {
  const matches = useMatches();
  const match = [...matches].reverse().find((candidate) => (candidate.handle as PageTopHandle | undefined)?.pageTop);
  if (!match) return null;
  return <>{(match.handle as Required<PageTopHandle>).pageTop(match.loaderData)}</>;
}
