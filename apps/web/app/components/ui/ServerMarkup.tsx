import type { MouseEvent, ReactNode } from "react";
import { useNavigate } from "react-router";
import { toRouterPath } from "../../lib/links.ts";

/** Stable identity: React compares it by reference and so never rewrites the kept markup. */
const KEEP_SERVER_MARKUP = { __html: "" };

interface ServerMarkupProps {
  className: string;
  /** the block's content; undefined while hydrating a page whose data stayed on the server */
  children: ReactNode | undefined;
}

/**
 * A block whose HTML the browser keeps from the server instead of hydrating it: with children it
 * renders them (the server, or a client-side navigation that loaded the data); without, React
 * adopts the server's markup untouched (lib/render-only.ts keeps its data out of the payload).
 * Its links are plain anchors, followed in place by the router through one delegated click.
 */
export function ServerMarkup({ className, children }: ServerMarkupProps) {
  const navigate = useNavigate();
  const followInPlace = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest("a");
    if (!link || link.target || link.hasAttribute("download")) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin || !url.pathname.startsWith("/web/")) return;
    event.preventDefault();
    void navigate(toRouterPath(url.pathname) + url.search + url.hash);
  };
  if (children === undefined) {
    return <div className={className} onClick={followInPlace} dangerouslySetInnerHTML={KEEP_SERVER_MARKUP} suppressHydrationWarning />;
  }
  return (
    <div className={className} onClick={followInPlace}>
      {children}
    </div>
  );
}
