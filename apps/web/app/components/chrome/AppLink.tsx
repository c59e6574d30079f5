import type { AnchorHTMLAttributes, ReactNode } from "react";
import { Link } from "react-router";
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
  const url = parseJsonUrl(to);
  const tabProps = newTab ? { target: "_blank", rel: "noopener" } : {};
  if (!url) return <span className={rest.className}>{children}</span>;
  if (isExternalUrl(url) || newTab) {
    return (
      <a href={isExternalUrl(url) ? url : documentHref(url)} {...tabProps} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link to={toRouterPath(url)} {...tabProps} {...rest}>
      {children}
    </Link>
  );
}
