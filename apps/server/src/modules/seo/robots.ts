import type { FastifyInstance } from "fastify";
import { publicOrigin } from "../../core/origin.ts";

/** Member, checkout and sign-in pages and the API are of no use in search results. */
const DISALLOWED = ["/web/member", "/web/auth", "/web/order", "/web/pay", "/api/"];

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/web/sitemap.xml`,
    "",
  ].join("\n");
}

/** GET /robots.txt, outside /web/ where crawlers look for it. */
export function registerRobots(app: FastifyInstance): void {
  app.get("/robots.txt", (request, reply) => {
    const origin = publicOrigin(request, app.deps.config);
    if (!origin) return reply.status(400).type("text/plain; charset=utf-8").send("Bad Request: invalid Host header");
    return reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=3600").send(robotsTxt(origin));
  });
}
