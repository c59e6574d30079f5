import type { AnchorHTMLAttributes, ReactNode } from "react";
import { Link } from "./Link.tsx";
import { documentHref, isExternalUrl, parseJsonUrl, toRouterPath } from "../../lib/links.ts";

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "target"> {
  /** a storefront path, an http(s) URL, or a JSON link field '{"url": "…"}' */
  to: string;
  /** open in a new tab (is_blank = 1, category links) */
  newTab?: boolean;
  children: ReactNode;
}

/**
 * One link for every URL the back office stores: storefront paths go through the router
 * (<Link>, basename /web/ added), other sites get a plain <a>. Without a URL it renders text.
 * A new-tab link never navigates this page, so it is a plain <a> too: the router's <Link>
 * costs path resolution per link, and the header alone renders hundreds of category links.
 */
export function AppLink({ to, newTab = false, children, ...rest }: AppLinkProps) {
  const target = resolveTarget(to);
  if (!target) return <span className={rest.className}>{children}</span>;
  if (target.external || newTab) {
    const tabProps = newTab ? { target: "_blank", rel: "noopener" } : {};
    return (
      <a href={target.external ? target.url : documentHref(target.url)} {...tabProps} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link to={toRouterPath(target.url)} {...rest}>
      {children}
    </Link>
  );
}

interface LinkTarget {
  url: string;
  external: boolean;
}

/**
 * Link fields resolved once per distinct value: the chrome renders the same few hundred JSON link
 * fields on every page, and parsing them was a visible part of a render. Bounded, since values
 * come from the back office.
 */
const resolvedTargets = new Map<string, LinkTarget | null>();
const RESOLVED_TARGETS_LIMIT = 2_000;

function resolveTarget(to: string): LinkTarget | null {
  let target = resolvedTargets.get(to);
  if (target === undefined) {
    const url = parseJsonUrl(to);
    target = url ? { url, external: isExternalUrl(url) } : null;
    if (resolvedTargets.size >= RESOLVED_TARGETS_LIMIT) resolvedTargets.clear();
    resolvedTargets.set(to, target);
  }
  return target;
}
