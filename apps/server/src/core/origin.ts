import type { FastifyRequest } from "fastify";
import type { AppConfig } from "../config.ts";

/** A host name, IPv4 or bracketed IPv6 address, with an optional port. */
export const VALID_HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** Names that only reach this machine: a forged one can only come from someone already on it. */
const LOOPBACK_NAME = /^(?:localhost|(?:[a-z0-9-]+\.)*localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

export type OriginConfig = Pick<AppConfig, "publicOrigin" | "publicHosts" | "developmentMode">;

/** "Shop.Example.com:8080" → { name: "shop.example.com", port: "8080" }. */
function splitHost(host: string): { name: string; port: string } {
  const match = /^(.*?)(?::(\d+))?$/.exec(host.toLowerCase())!;
  return { name: match[1]!, port: match[2] ?? "" };
}

/**
 * Whether the Host header may name our origin when PUBLIC_ORIGIN is unset:
 * - PUBLIC_HOSTS set: only the hosts listed there (an entry without a port allows any port);
 * - else NODE_ENV development or test: any well-formed host (a developer's LAN address, test hosts);
 * - else (production, or NODE_ENV unset or misspelt): loopback names only, so a shop started with
 *   `npm start` works on 127.0.0.1 and a public one without PUBLIC_ORIGIN answers 400 instead of
 *   writing an attacker's host into its pages, sitemap, robots.txt and QR codes.
 */
export function hostAllowed(host: string, config: OriginConfig): boolean {
  if (!VALID_HOST.test(host)) return false;
  const { name, port } = splitHost(host);
  if (config.publicHosts.length > 0) {
    return config.publicHosts.some((entry) => {
      const allowed = splitHost(entry);
      return allowed.name === name && (allowed.port === "" || allowed.port === port);
    });
  }
  return config.developmentMode || LOOPBACK_NAME.test(name);
}

/**
 * The origin for absolute URLs (sitemap, robots.txt, canonical links, JSON-LD, QR codes, payment
 * return URLs): PUBLIC_ORIGIN when configured, else the protocol (X-Forwarded-Proto only from
 * trusted proxies) and Host of the request when `hostAllowed` accepts it. Null otherwise: callers
 * answer 400 rather than build a URL from an unchecked Host.
 */
export function publicOrigin(request: FastifyRequest, config: OriginConfig): string | null {
  if (config.publicOrigin) return config.publicOrigin;
  const host = request.host;
  return host && hostAllowed(host, config) ? `${request.protocol}://${host.toLowerCase()}` : null;
}

/**
 * Why the origin cannot come from PUBLIC_ORIGIN or PUBLIC_HOSTS, for a warning at start; null when
 * configured, in development, or when the server listens on loopback only (HOST, 127.0.0.1 by
 * default: only this machine's names can reach it, so the restriction never bites).
 */
export function originWarning(config: OriginConfig & Pick<AppConfig, "host">): string | null {
  if (config.publicOrigin || config.publicHosts.length > 0 || config.developmentMode) return null;
  if (LOOPBACK_NAME.test(config.host) || config.host === "::1") return null;
  return "未设置 PUBLIC_ORIGIN（或 PUBLIC_HOSTS）：页面、sitemap 与二维码中的绝对地址只接受本机地址（localhost、127.0.0.1），其他域名的请求将得到 400";
}
