import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyStatic from "@fastify/static";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "../config.ts";
import { serverBuildDir } from "../ops/build-releases.ts";
import { registerNewerReleaseAssets } from "../ssr/release-assets.ts";

/**
 * The staff console (apps/console): a single-page app built to static files, served under
 * /console/. Its hashed assets are cached for good; index.html is revalidated on every load, and
 * any other /console/… path answers it, so the console's own routes survive a reload. The build
 * link is resolved once, at start: a later build switches it to a new release, not under this process.
 */
const CONSOLE_BUILD_LINK = path.resolve(REPO_ROOT, "apps/console/build");
export const CONSOLE_BUILD_DIR = serverBuildDir(CONSOLE_BUILD_LINK, "SHOP_CONSOLE_RELEASE_DIR");
const PREFIX = "/console/";
const ASSETS_PREFIX = `${PREFIX}assets/`;

/**
 * CSP sources ('sha256-…') of the inline scripts of a document: the built index.html has two
 * (React Router's context and its module imports), the same on every load, so their hashes —
 * unlike the storefront's per-render nonces — are computed once when the file is read.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes ?? ""))
    .map(([, , body]) => `'sha256-${crypto.createHash("sha256").update(body ?? "", "utf8").digest("base64")}'`);
}

/** `policy` with `sources` added to its script-src (the rest unchanged; a policy without one gets 'self' plus them). */
export function withScriptSources(policy: string, sources: readonly string[]): string {
  const directives = policy.split(";").map((part) => part.trim()).filter(Boolean);
  const index = directives.findIndex((directive) => directive.split(/\s+/)[0] === "script-src");
  if (index === -1) directives.push(["script-src", "'self'", ...sources].join(" "));
  else directives[index] = [directives[index], ...sources].join(" ");
  return directives.join(";");
}

/**
 * Mounts the built console under /console/; false (and a warning) when it is not built. `link` is
 * the build link `buildDir` was resolved from (newer releases' assets are found through it).
 */
export async function registerConsole(app: FastifyInstance, buildDir: string = CONSOLE_BUILD_DIR, link: string = buildDir === CONSOLE_BUILD_DIR ? CONSOLE_BUILD_LINK : buildDir): Promise<boolean> {
  const clientDir = path.join(buildDir, "client");
  const indexFile = path.join(clientDir, "index.html");
  if (!fs.existsSync(indexFile)) {
    app.log.warn("staff console not built (npm run build): /console/ is not served");
    return false;
  }
  const html = fs.readFileSync(indexFile, "utf8");
  const scriptSources = inlineScriptHashes(html);

  await app.register(fastifyStatic, {
    root: path.join(clientDir, "assets"),
    prefix: ASSETS_PREFIX,
    wildcard: false,
    decorateReply: false,
    index: false,
    // .br / .gz beside each asset, written by the console's build (scripts/precompress-assets.mjs).
    preCompressed: true,
    // Every file there has a content hash in its name.
    maxAge: "365d",
    immutable: true,
  });
  await registerNewerReleaseAssets(app, { prefix: ASSETS_PREFIX, link, served: buildDir, assetsDir: "client/assets" });

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    // An asset that is not there (an old page asking for a replaced chunk) is missing, not the app.
    if (request.url.startsWith(ASSETS_PREFIX)) return reply.status(404).type("text/plain; charset=utf-8").send("Not Found");
    // The global policy (core/security-headers.ts, set in onRequest) plus exactly this file's inline scripts.
    const policy = String(reply.getHeader("content-security-policy") ?? "");
    reply.header("content-security-policy", withScriptSources(policy, scriptSources));
    reply.header("cache-control", "no-cache");
    return reply.type("text/html; charset=utf-8").send(html);
  };
  app.route({ method: ["GET", "HEAD"], url: `${PREFIX}*`, handler: sendIndex });
  app.get("/console", (_request, reply) => reply.redirect(PREFIX));
  return true;
}
