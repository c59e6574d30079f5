import type { FastifyInstance, FastifyReply } from "fastify";
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
  connectSrc: ["'self'", "ws:", "wss:"],
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

/** Helmet's headers with the shop's Content-Security-Policy (documents override it, see above). */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { directives: BASE_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
  });
}
