import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";

/** The header a proxy (nginx's $request_id) sends the request's id in, and that we echo. */
export const REQUEST_ID_HEADER = "x-request-id";
const USABLE_REQUEST_ID = /^[\x21-\x7e]{1,128}$/;

/**
 * The request's id: the proxy's X-Request-Id when it is usable (1–128 printable ASCII characters,
 * no spaces: it goes into log lines and a response header), else a new UUID. One id then ties the
 * proxy's access log, our log lines and the envelope's 请求编号 together.
 */
export function requestIdOf(request: IncomingMessage): string {
  const header = request.headers[REQUEST_ID_HEADER];
  return typeof header === "string" && USABLE_REQUEST_ID.test(header) ? header : crypto.randomUUID();
}

export interface RequestLogOptions {
  /** LOG_REQUEST_SAMPLE: the share of ordinary requests that get a completion line. */
  sample: number;
  /** LOG_SLOW_MS: a request taking this long or more is always logged. */
  slowMs: number;
  /** Tests pass a fixed draw. */
  random?: () => number;
}

/**
 * Echoes the id in the response's X-Request-Id and writes one completion line per logged request
 * through request.log (so it carries reqId, like every line of the request). Fastify's own two
 * lines per request are turned off (disableRequestLogging): at benchmark rates they wrote hundreds
 * of MB in minutes. Server errors (error level) and slow requests (warn) are always written;
 * other requests (info) by the sample rate.
 */
export function registerRequestLog(app: FastifyInstance, options: RequestLogOptions): void {
  const random = options.random ?? Math.random;
  app.addHook("onRequest", async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook("onResponse", async (request, reply) => {
    const ms = Math.round(reply.elapsedTime);
    const status = reply.statusCode;
    const line = { method: request.method, url: request.url, status, ms };
    if (status >= 500) request.log.error(line, "request failed");
    else if (ms >= options.slowMs) request.log.warn(line, "slow request");
    else if (options.sample > 0 && random() < options.sample) request.log.info(line, "request completed");
  });
}
