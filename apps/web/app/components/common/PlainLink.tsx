import type { ReactNode } from "react";
import { documentHref, isExternalUrl, parseJsonUrl } from "../../lib/links.ts";

interface PlainLinkProps {
  /** a storefront path, an http(s) URL, or a JSON link field '{"url": "…"}' */
  to: string;
  className?: string;
  children: ReactNode;
}

/**
 * AppLink's plain sibling for server markup (components/ui/ServerMarkup): always an <a> with the
 * document href, none of the router's per-link attributes; ServerMarkup follows it in place.
 * Without a URL it renders text.
 */
export function PlainLink({ to, className, children }: PlainLinkProps) {
  const url = parseJsonUrl(to);
  if (!url) return <span className={className}>{children}</span>;
  return (
    <a className={className} href={isExternalUrl(url) ? url : documentHref(url)}>
      {children}
    </a>
  );
}
