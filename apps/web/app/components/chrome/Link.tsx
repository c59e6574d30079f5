import { useEffect, type AnchorHTMLAttributes, type ComponentProps } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { documentHref, toRouterPath } from "../../lib/links.ts";

type RouterLinkProps = ComponentProps<typeof RouterLink>;

/** Options that only React Router's own <Link> implements; a link that uses one is rendered by it. */
const ROUTER_ONLY_PROPS = ["replace", "state", "prefetch", "reloadDocument", "preventScrollReset", "relative", "viewTransition", "discover"] as const;

/**
 * The storefront's <Link>: for an absolute path, a plain `<a href="/web/…">` whose client-side
 * navigation is done by one delegated click handler (<LinkNavigator>, in root.tsx) instead of
 * hooks in every link. React Router's <Link> resolves its path with several hooks per link
 * (useHref, useResolvedPath, useLinkClickHandler); the chrome alone renders about 200 links, and on
 * a page-cache miss that was ~6 % of the server's render time. `data-discover` keeps React Router's
 * lazy route discovery: it fetches the routes of rendered `a[data-discover]` links ahead of a click.
 * Relative paths, object paths and router options (replace, state, prefetch …) go to React Router's Link.
 */
export function Link(props: RouterLinkProps) {
  const { to, children, ...rest } = props;
  if (typeof to !== "string" || !to.startsWith("/") || ROUTER_ONLY_PROPS.some((name) => props[name] !== undefined)) {
    return <RouterLink {...props} />;
  }
  const anchorProps = rest as AnchorHTMLAttributes<HTMLAnchorElement>;
  return (
    <a href={documentHref(to)} data-discover="true" {...anchorProps}>
      {children}
    </a>
  );
}

/** True when the browser should handle the click itself (new tab, download, modified click…). */
function leftToBrowser(event: MouseEvent, anchor: HTMLAnchorElement): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey ||
    (anchor.target !== "" && anchor.target !== "_self") ||
    anchor.hasAttribute("download")
  );
}

/**
 * Navigates in the app for clicks on <Link>'s plain anchors (a[data-discover] under the basename),
 * as React Router's <Link> does: a link to the current URL replaces the history entry. Listens on
 * the document after React's own listener, so a component's onClick that prevents the default
 * still wins — and so does React Router's own <Link>, which prevents it when it navigates.
 */
export function LinkNavigator() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = event.target instanceof Element ? event.target.closest("a[data-discover]") : null;
      if (!(anchor instanceof HTMLAnchorElement) || leftToBrowser(event, anchor)) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin || !url.pathname.startsWith(documentHref("/"))) return;
      event.preventDefault();
      const path = toRouterPath(url.pathname) + url.search + url.hash;
      const current = window.location.pathname + window.location.search + window.location.hash;
      navigate(path, { replace: url.pathname + url.search + url.hash === current });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
  return null;
}
