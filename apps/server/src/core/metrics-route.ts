import crypto from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { DbHandle } from "../db/connect.ts";
import { countPageCacheAnswer, httpRequestDuration, metricsRegistry, PAGE_CACHE_RESULTS, registerPoolSource, type PageCacheResult } from "./metrics.ts";
import { answerPrimaryAsWorker, instanceMetricsText } from "./metrics-cluster.ts";

export const METRICS_PATH = "/metrics";

/** The header the storefront's page handler sets on every page (ssr/handler.ts PAGE_CACHE_HEADER). */
const PAGE_CACHE_HEADER = "x-page-cache";

/** Headers a proxy adds: nginx on the same host connects from loopback too, for anyone on the internet. */
const PROXY_HEADERS = ["x-forwarded-for", "x-real-ip", "forwarded"] as const;

/**
 * GET /metrics (Prometheus text, docs/metrics.md), and the recording of every response's duration
 * and page-cache result. Answered to a caller on this machine that came straight (loopback, no
 * proxy header), or to anyone presenting `Authorization: Bearer <METRICS_TOKEN>`; everyone else
 * gets the site's 404, as for a path that does not exist. Never cached; not behind the shop-closed
 * guard (that guards API calls only).
 */
export function registerMetrics(app: FastifyInstance, database: Pick<DbHandle, "poolStats">): void {
  const unregisterPool = registerPoolSource(() => database.poolStats());
  app.addHook("onClose", async () => unregisterPool());
  answerPrimaryAsWorker();

  app.addHook("onResponse", async (request, reply) => {
    httpRequestDuration.observe({ route: routeLabel(request), method: request.method, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    const pageCache = reply.getHeader(PAGE_CACHE_HEADER);
    if (PAGE_CACHE_RESULTS.includes(pageCache as PageCacheResult)) countPageCacheAnswer(pageCache as PageCacheResult);
  });

  const token = app.deps.config.metricsToken;
  app.get(METRICS_PATH, async (request, reply) => {
    if (!mayScrape(request, token)) return reply.callNotFound();
    // In a cluster worker the primary adds up every worker's figures (metrics-cluster.ts).
    const text = (await instanceMetricsText()) ?? (await metricsRegistry.metrics());
    return sendMetrics(reply, text);
  });
}

function sendMetrics(reply: FastifyReply, text: string) {
  return reply.header("cache-control", "no-store").type(metricsRegistry.contentType).send(text);
}

/**
 * The route's template ("/api/goods/detail", "/web/*", "/upload/goods/*"); "unmatched" for a path
 * no route serves; one label per static-file directory prefix, since @fastify/static without a
 * wildcard registers a route per file (the storefront's and console's hashed assets).
 */
export function routeLabel(request: FastifyRequest): string {
  const { url, config } = request.routeOptions;
  if (!url) return "unmatched";
  if ((config as { file?: unknown } | undefined)?.file !== undefined) return `static:/${url.split("/")[1] ?? ""}/`;
  return url;
}

export function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  if (token && presentsToken(request.headers.authorization, token)) return true;
  return isLoopback(request.socket.remoteAddress) && PROXY_HEADERS.every((name) => request.headers[name] === undefined);
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
}

/** `Bearer <token>`, compared in constant time (hashes of equal length, whatever was sent). */
function presentsToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  if (!match) return false;
  const digest = (value: string) => crypto.createHash("sha256").update(value).digest();
  return crypto.timingSafeEqual(digest(match[1]!), digest(token));
}
