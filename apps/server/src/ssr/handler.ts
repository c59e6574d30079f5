import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyStatic from "@fastify/static";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Readable } from "node:stream";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createApiClient, type Transport } from "@shop/contract";
import { REPO_ROOT } from "../config.ts";
import { publicOrigin } from "../core/origin.ts";
import { cspNonce, documentHelmet } from "../core/security-headers.ts";

export const WEB_BUILD_DIR = path.join(REPO_ROOT, "apps/web/build");

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
    setHeaders(response, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      response.setHeader("cache-control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=3600");
    },
  });

  const render = async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = publicOrigin(request, app.deps.config);
    if (!origin) return null;
    const url = new URL(request.url, origin);
    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
    }
    const controller = new AbortController();
    request.raw.once("close", () => controller.abort());
    return handle(new Request(url, { method: request.method, headers, signal: controller.signal }), {
      api: createApiClient(inProcessTransport(app, request, reply)),
      cspNonce: cspNonce(reply),
    });
  };

  app.route({
    method: ["GET", "HEAD"],
    url: "/web/*",
    // Documents allow inline scripts only with this response's nonce (entry.server.tsx adds it).
    helmet: documentHelmet,
    handler: async (request, reply) => {
      const response = await render(request, reply);
      if (!response) return reply.status(400).type("text/plain; charset=utf-8").send("Bad Request: invalid Host header");
      reply.status(response.status);
      for (const [key, value] of response.headers) {
        if (key === "set-cookie") continue;
        reply.header(key, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header("set-cookie", cookies);
      if (!response.body || request.method === "HEAD") return reply.send();
      return reply.send(Readable.fromWeb(response.body as never));
    },
  });
  app.get("/web", (_request, reply) => reply.redirect("/web/"));
  return true;
}
