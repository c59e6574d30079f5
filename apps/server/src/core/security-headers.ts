import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { IncomingMessage, ServerResponse } from "node:http";
import crypto from "node:crypto";
import helmet, { type FastifyHelmetOptions } from "@fastify/helmet";

/**
 * The policy of every response. Scripts come only from our own origin: the API's JSON and the
 * static files never need an inline script. Styles keep 'unsafe-inline': antd (and React) set
 * `style` attributes, which a nonce cannot cover.
 */
const BASE_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "blob:"],
  // 'self' covers ws(s):// to our own host too (CSP Level 3); no WebSocket to any other host.
  connectSrc: ["'self'"],
  frameAncestors: ["'self'"],
  upgradeInsecureRequests: null,
};

/** One nonce per response, made when the CSP header is written and read again by the SSR renderer. */
const nonces = new WeakMap<ServerResponse, string>();

function nonceOf(response: ServerResponse): string {
  let nonce = nonces.get(response);
  if (!nonce) {
    nonce = crypto.randomBytes(16).toString("base64"); // 128 bits
    nonces.set(response, nonce);
  }
  return nonce;
}

/**
 * The CSP nonce of this response (an SSR document): its inline scripts — React Router's hydration
 * context and module imports, ScrollRestoration, streamed Suspense chunks — must carry it. Only
 * routes registered with `documentHelmet` send it in their header.
 */
export function cspNonce(reply: FastifyReply): string {
  return nonceOf(reply.raw);
}

/**
 * Route-level helmet options for server-rendered documents: the base policy plus
 * `script-src 'nonce-…'`, a fresh nonce per response (see `cspNonce`), and no 'unsafe-inline'.
 */
export const documentHelmet = {
  contentSecurityPolicy: {
    directives: {
      ...BASE_DIRECTIVES,
      scriptSrc: [...BASE_DIRECTIVES.scriptSrc, (_request: IncomingMessage, response: ServerResponse) => `'nonce-${nonceOf(response)}'`],
    },
  },
} satisfies FastifyHelmetOptions;

/** API answers may carry a member's data or a token: no cache, shared or private, may keep them. */
export const API_CACHE_CONTROL = "private, no-store";

/**
 * Helmet's headers with the shop's Content-Security-Policy (documents override it, see above), and
 * `Cache-Control: private, no-store` on every POST route registered after this: the API calls
 * (member ones, login answers with their token, …) and the payment notifies.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { directives: BASE_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
  });
  const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header("cache-control", API_CACHE_CONTROL);
  };
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes("POST")) return;
    route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), noStore];
  });
}
