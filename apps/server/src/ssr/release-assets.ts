import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";
import path from "node:path";

/**
 * Hashed assets of a build newer than the one this server started on. A server serves the release
 * it resolved at start (ops/build-releases.ts); once `npm run build` has switched the link to a
 * newer release, a page rendered by an instance already on it may ask this one for its scripts
 * during a rolling restart. Asset paths this server does not have (its own are routed one by one
 * at start) are looked up in the release the link points at now, and are 404 when not there either.
 *
 * Nothing is registered when the server was started on the link itself (no releases, e.g. a
 * WEB_BUILD_DIR that is a plain directory): unknown paths then behave as before.
 */
export async function registerNewerReleaseAssets(app: FastifyInstance, options: { prefix: string; link: string; served: string; assetsDir: string }): Promise<void> {
  if (path.resolve(options.link) === path.resolve(options.served)) return;
  await app.register(fastifyStatic, {
    // Followed on each request: the release current at that moment.
    root: path.join(options.link, options.assetsDir),
    prefix: options.prefix,
    wildcard: true,
    decorateReply: false,
    index: false,
    preCompressed: true,
    maxAge: "365d",
    immutable: true,
  });
}
