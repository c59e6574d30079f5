import { ApiError, Code } from "@shop/contract";
import { renderSitemap } from "../lib/sitemap.ts";
import type { Route } from "./+types/sitemap";

/** Crawlers may keep a sitemap for an hour. */
const CACHE_CONTROL = "public, max-age=3600";

/** /web/sitemap.xml (and ?part=… of its index): goods, categories and articles with absolute URLs. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  try {
    const xml = await renderSitemap(context.api, url.origin, url.searchParams.get("part"));
    if (xml === null) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": CACHE_CONTROL } });
  } catch (error) {
    // Closed shop or a failing call: "try again later" keeps the previous sitemap in the crawler's index.
    const closed = error instanceof ApiError && error.code === Code.SITE_CLOSED;
    return new Response(closed ? "Site closed" : "Sitemap unavailable", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "600" },
    });
  }
}
