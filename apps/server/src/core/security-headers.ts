import type { FastifyInstance, FastifyReply } from "fastify";
import type { IncomingMessage, ServerResponse } from "node:http";
import crypto from "node:crypto";
import helmet, { type HelmetOptions } from "helmet";

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

/** Marks a route as serving SSR documents: its policy adds this response's nonce to script-src (see `cspNonce`). */
export const DOCUMENT_ROUTE_CONFIG = { securityHeaders: "document" } as const;

/** Stands for the nonce in the document policy computed once; replaced per response. */
const NONCE_SLOT = "NONCE_SLOT";

/**
 * The headers helmet writes for `options`, read once by running its middleware against a
 * recording response. @fastify/helmet builds helmet (normalising every directive) on every
 * request, about 7 % of a cached API answer's time; the values never change, so we compute them
 * at start and the hook only copies them (and, on documents, puts the nonce in).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

const BASE_OPTIONS = { contentSecurityPolicy: { directives: BASE_DIRECTIVES }, crossOriginEmbedderPolicy: false } satisfies HelmetOptions;

/** API answers may carry a member's data or a token: no cache, shared or private, may keep them. */
export const API_CACHE_CONTROL = "private, no-store";

/**
 * Helmet's headers on every response, with the shop's Content-Security-Policy (documents get
 * script-src with their own nonce and no 'unsafe-inline'), and `Cache-Control: private, no-store`
 * on every POST route: the API calls (member ones, login answers with their token, …) and the
 * payment notifies. helmet's X-Powered-By removal needs nothing here: Fastify sends none.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const base = helmetHeaders(BASE_OPTIONS);
  const document = helmetHeaders({
    ...BASE_OPTIONS,
    contentSecurityPolicy: { directives: { ...BASE_DIRECTIVES, scriptSrc: [...BASE_DIRECTIVES.scriptSrc, `'nonce-${NONCE_SLOT}'`] } },
  });
  const [beforeNonce, afterNonce] = document["content-security-policy"]!.split(NONCE_SLOT) as [string, string];
  const post = { ...base, "cache-control": API_CACHE_CONTROL };
  app.addHook("onRequest", (request, reply, done) => {
    if (request.method === "POST") reply.headers(post);
    else if ((request.routeOptions.config as { securityHeaders?: string }).securityHeaders === DOCUMENT_ROUTE_CONFIG.securityHeaders) {
      reply.headers(base);
      reply.header("content-security-policy", beforeNonce + nonceOf(reply.raw) + afterNonce);
    } else reply.headers(base);
    done();
  });
}
