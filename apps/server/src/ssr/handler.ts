import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyStatic from "@fastify/static";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createApiClient, type Transport } from "@shop/contract";
import { REPO_ROOT } from "../config.ts";
import { serverBuildDir } from "../ops/build-releases.ts";
import { registerNewerReleaseAssets } from "./release-assets.ts";
import { publicOrigin } from "../core/origin.ts";
import { cspNonce, DOCUMENT_ROUTE_CONFIG } from "../core/security-headers.ts";
import { collectPageTags, recordPageFailure } from "../core/cache/page-tags.ts";
import { TOKEN_COOKIE } from "../core/context.ts";
import { perProcessShare } from "../core/cache/memory-store.ts";
import { PAGE_CACHE_TOTAL_BUDGET, PageCache, type CachedPage, type RenderedPage } from "./page-cache.ts";

/** Tells what the page cache did: hit, stale (served while re-rendering), miss, or bypass (not cacheable). */
export const PAGE_CACHE_HEADER = "x-page-cache";

function badHost(reply: FastifyReply) {
  return reply.status(400).type("text/plain; charset=utf-8").send("Bad Request: invalid Host header");
}

/** Sends a cached page with this response's own CSP nonce (the header helmet writes uses the same one). */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage, state: "hit" | "stale" | "miss") {
  reply.status(page.status);
  const cookies: string[] = [];
  for (const [key, value] of page.headers) {
    if (key === "set-cookie") cookies.push(value);
    else reply.header(key, value);
  }
  if (cookies.length) reply.header("set-cookie", cookies);
  reply.header(PAGE_CACHE_HEADER, state);
  if (request.method === "HEAD") return reply.send();
  return reply.send(page.bodyParts.join(cspNonce(reply)));
}

/**
 * The built storefront. WEB_BUILD_DIR (relative to apps/web) points a server at another build, so
 * several lines of work can build and test side by side without replacing each other's assets.
 * Resolved once, at start: `build` is a link a later `npm run build` switches to a new release,
 * and this process (and every worker of its cluster) keeps serving the release it started with
 * (ops/build-releases.ts).
 */
const WEB_BUILD_LINK = path.resolve(REPO_ROOT, "apps/web", process.env.WEB_BUILD_DIR ?? "build");
export const WEB_BUILD_DIR = serverBuildDir(WEB_BUILD_LINK, "SHOP_WEB_RELEASE_DIR");

/**
 * The API client handed to SSR loaders: it runs our own registered calls in-process (guard,
 * validation, handler) with the shopper's request — cookies, IP — so server rendering goes
 * through the public API without HTTP emulation or a JSON round trip.
 */
export function inProcessTransport(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Transport {
  return (apiPath, body) => app.api.dispatch(apiPath, body, request, reply);
}

/** Mounts the built storefront under /web/: hashed assets from disk, every other path rendered. */
export async function registerStorefront(app: FastifyInstance): Promise<boolean> {
  const serverEntry = path.join(WEB_BUILD_DIR, "server/index.js");
  if (!fs.existsSync(serverEntry)) {
    app.log.warn("storefront not built (npm run build): /web/ is not served");
    return false;
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");

  await app.register(fastifyStatic, {
    root: path.join(WEB_BUILD_DIR, "client"),
    prefix: "/web/",
    wildcard: false,
    decorateReply: false,
    // .br / .gz beside each asset, written by the storefront build (scripts/precompress-assets.mjs).
    preCompressed: true,
    // Everything in the client build is under assets/ with a content hash in its name.
    maxAge: "365d",
    immutable: true,
  });
  await registerNewerReleaseAssets(app, { prefix: "/web/assets/", link: WEB_BUILD_LINK, served: WEB_BUILD_DIR, assetsDir: "client/assets" });

  const render = (request: FastifyRequest, reply: FastifyReply, options: { abortable: boolean }) => {
    const origin = publicOrigin(request, app.deps.config);
    if (!origin) return null;
    const url = new URL(request.url, origin);
    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
    }
    // A render shared by several guests (page cache) must finish even if its first guest leaves.
    const controller = new AbortController();
    if (options.abortable) request.raw.once("close", () => controller.abort());
    return handle(new Request(url, { method: request.method, headers, signal: controller.signal }), {
      api: createApiClient(inProcessTransport(app, request, reply)),
      cspNonce: cspNonce(reply),
      // A render error after the shell was sent (entry.server.tsx): the page is not kept for others.
      renderFailed: recordPageFailure,
    });
  };

  const { config } = app.deps;
  const pageCache = config.pageCache
    ? new PageCache(
        app.deps.cache,
        { freshMs: config.pageCacheFreshMs, staleMs: config.pageCacheStaleMs },
        app.deps.redis && { client: app.deps.redis, prefix: config.redisPrefix, buildVersion: build.assets.version },
        perProcessShare(PAGE_CACHE_TOTAL_BUDGET, config.serverProcesses),
      )
    : undefined;

  /** Renders into a CachedPage (body read whole, this render's nonce cut out) with the tags its data recorded. */
  const renderPage = async (request: FastifyRequest, reply: FastifyReply): Promise<RenderedPage | null> => {
    const { result: response, scope } = await collectPageTags(async () => render(request, reply, { abortable: false }));
    if (!response) return null;
    const html = request.method === "HEAD" || !response.body ? "" : await response.text();
    const headers = [...response.headers].filter(([key]) => key !== "set-cookie");
    const cookies = response.headers.getSetCookie();
    for (const cookie of cookies) headers.push(["set-cookie", cookie]);
    // Read after the whole body: streamed parts of the page load data too.
    const cacheable = request.method === "GET" && response.status === 200 && cookies.length === 0 && !scope.failed;
    return { page: { status: response.status, headers, bodyParts: html.split(cspNonce(reply)) }, tags: [...scope.tags], cacheable };
  };

  app.route({
    method: ["GET", "HEAD"],
    url: "/web/*",
    // Documents allow inline scripts only with this response's nonce (entry.server.tsx adds it).
    config: DOCUMENT_ROUTE_CONFIG,
    handler: async (request, reply) => {
      const key = pageCache?.keyOf(request);
      if (pageCache && key) {
        const found = await pageCache.lookup(key);
        if (found?.state === "stale") pageCache.refresh(key, () => renderPage(request, reply), (error) => request.log.error({ err: error }, "page refresh failed"));
        const page = found?.page ?? (await pageCache.render(key, () => renderPage(request, reply)));
        if (!page) return badHost(reply);
        return sendPage(request, reply, page, found ? (found.state === "fresh" ? "hit" : "stale") : "miss");
      }
      const response = await render(request, reply, { abortable: true });
      if (!response) return badHost(reply);
      reply.status(response.status);
      for (const [key, value] of response.headers) {
        if (key === "set-cookie") continue;
        reply.header(key, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header("set-cookie", cookies);
      reply.header(PAGE_CACHE_HEADER, "bypass");
      // A member's page (their name, mobile, orders) is for their browser only, never a shared cache.
      if (request.cookies?.[TOKEN_COOKIE]) reply.header("cache-control", "private, no-store");
      if (!response.body || request.method === "HEAD") return reply.send();
      // The storefront's entry renders the whole document before answering (entry.server.tsx).
      return reply.send(Buffer.from(await response.arrayBuffer()));
    },
  });
  app.get("/web", (_request, reply) => reply.redirect("/web/"));
  return true;
}
