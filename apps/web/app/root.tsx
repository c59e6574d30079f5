import {
  Links, Meta, Outlet, Scripts, ScrollRestoration, data, isRouteErrorResponse,
  type LinksFunction, type ShouldRevalidateFunction,
} from "react-router";
import appCss from "./styles/app.css?url";
import type { Route } from "./+types/root";
import "./lib/context.ts";
import { Code } from "@shop/contract/codes";
import { redirectIfClosed } from "./lib/site-closed.ts";
import { ErrorPage } from "./components/ErrorPage.tsx";
import { installChunkReloadGuard } from "./lib/chunk-reload.ts";
import { CLEAR_TOKEN_COOKIE, loadGlobalData } from "./lib/global-data.ts";
import { useNonce } from "./lib/nonce.ts";
import { ToastRegion } from "./components/ui/toast-region.tsx";
import { LinkNavigator } from "./components/chrome/Link.tsx";

if (typeof window !== "undefined") installChunkReloadGuard();

/** Browser-tab icon (no favicon.ico request, no 404): a red tile with 商. */
const SITE_ICON =
  "data:image/svg+xml," +
  encodeURIComponent(
    "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'><rect width='32' height='32' rx='6' fill='#e4393c'/>" +
      "<text x='16' y='23' font-size='20' text-anchor='middle' fill='#fff' font-family='sans-serif'>商</text></svg>",
  );

export const links: LinksFunction = () => [
  { rel: "icon", href: SITE_ICON },
  { rel: "stylesheet", href: appCss },
];

/** The chrome's data (lib/global-data.ts); a rejected token is forgotten with a clearing cookie. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { data: globalData, clearToken, siteClosed } = await loadGlobalData(context.api, request);
  if (siteClosed) redirectIfClosed(Code.SITE_CLOSED, request);
  return data(globalData, clearToken ? { headers: { "Set-Cookie": CLEAR_TOKEN_COOKIE } } : undefined);
}

/**
 * The root data changes only with the login state or the back office, so plain navigations
 * (even to new search params, e.g. /goods/list?keyword=…) do not reload it. It reloads on:
 * - `useRevalidator().revalidate()` (logout, profile edits) and same-URL navigations;
 * - non-GET submissions (actions);
 * - leaving an /auth/ page (after login or register, whichever way the page navigates).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  if (currentUrl.pathname + currentUrl.search === nextUrl.pathname + nextUrl.search) return defaultShouldRevalidate;
  const leavingAuth = /^(\/web)?\/auth\//.test(currentUrl.pathname) && !/^(\/web)?\/auth\//.test(nextUrl.pathname);
  return leavingAuth;
};

/** SEO from the site info (SPEC §7 /api/site/info); pages with their own meta replace it. Error pages: their status. */
export function meta({ loaderData, error }: Route.MetaArgs) {
  const site = loaderData?.site;
  if (error) {
    // A page that failed (a missing SKU or article is a 404 thrown by its loader) is titled by its status.
    const heading = isRouteErrorResponse(error) && error.status === 404 ? "页面不存在" : "页面出错了";
    return [{ title: site?.site_name ? `${heading} - ${site.site_name}` : heading }, { name: "robots", content: "noindex" }];
  }
  if (!site) return [{ title: "商城" }];
  return [
    { title: site.seo_title || site.site_name },
    { name: "keywords", content: site.seo_keywords },
    { name: "description", content: site.seo_description },
  ];
}

export function Layout({ children }: { children: React.ReactNode }) {
  // The document's CSP nonce while rendering on the server (entry.server.tsx); undefined in the
  // browser, which is fine: React Router's script elements suppress hydration warnings. <Links>
  // would otherwise take <ServerRouter>'s nonce for its stylesheet <link>s, which do not need one
  // (style-src allows 'self'), and its elements do not suppress the warning: the server's nonce
  // (blanked to "" by the browser) would not match the client's missing one. "" on both sides does.
  const nonce = useNonce();
  return (
    <html lang="zh-CN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links nonce="" />
      </head>
      <body>
        {/* No antd here: the pages that use it bring it (lib/antd-scope.tsx, ADR 0009). */}
        {children}
        <ToastRegion />
        <LinkNavigator />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function Root() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) ? error.statusText || String(error.data ?? "") : (error as Error | undefined)?.message;
  return <ErrorPage status={status} message={message} />;
}
