import type { FastifyRequest } from "fastify";
import type { AppConfig } from "../config.ts";

/** A host name, IPv4 or bracketed IPv6 address, with an optional port. */
const VALID_HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin for absolute URLs (sitemap, robots.txt, canonical links, QR codes): PUBLIC_ORIGIN
 * when configured — then a forged Host header cannot reach cached pages — else the protocol
 * (X-Forwarded-Proto only from trusted proxies) and Host of the request. Null for a malformed Host.
 */
export function publicOrigin(request: FastifyRequest, config: Pick<AppConfig, "publicOrigin">): string | null {
  if (config.publicOrigin) return config.publicOrigin;
  const host = request.host;
  return host && VALID_HOST.test(host) ? `${request.protocol}://${host}` : null;
}
