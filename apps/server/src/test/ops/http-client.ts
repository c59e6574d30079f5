import http from "node:http";

/**
 * The proofs' HTTP client: every call has a deadline (a hang past it is a failure of the shop, not
 * a slow answer), may leave from a chosen loopback address (127.0.0.0/8 is all loopback on Linux,
 * so each shopper is its own client IP behind nginx, as real shoppers are), and answers what
 * happened as one of a few kinds the proofs count.
 */
export const CALL_DEADLINE_MS = 10_000;

export type Outcome =
  /** an envelope (`code` 0 or an error code the shop chose) */
  | { kind: "envelope"; status: number; code: number; message: string; data: unknown; requestId: string }
  /** an HTML page (the storefront) */
  | { kind: "page"; status: number; requestId: string }
  /** an HTTP answer that is not our envelope: nginx's own 502/504 page, a framework's body */
  | { kind: "not-envelope"; status: number; body: string; fromNginx: boolean; requestId: string }
  /** the connection failed (refused, reset, closed without an answer) */
  | { kind: "connection"; error: string }
  /** no answer within the deadline */
  | { kind: "hang"; afterMs: number };

export interface CallOptions {
  /** the loopback address the connection leaves from (the client IP the shop sees through nginx) */
  localAddress?: string;
  headers?: Record<string, string>;
  deadlineMs?: number;
  method?: "GET" | "POST";
  /** a fresh connection, closed after the answer (default: kept alive, per client address) */
  fresh?: boolean;
}

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 60_000 });

/** Closes the kept-alive connections (end of a proof). */
export function closeClientConnections(): void {
  keepAlive.destroy();
}

/** POSTs JSON (or GETs with `method`) to `url`; never throws, never waits past the deadline. */
export function call(url: string, body: object | undefined, options: CallOptions = {}): Promise<Outcome> {
  const deadlineMs = options.deadlineMs ?? CALL_DEADLINE_MS;
  const started = Date.now();
  const method = options.method ?? (body === undefined ? "GET" : "POST");
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = http.request(url, {
      method,
      agent: options.fresh ? false : keepAlive,
      localAddress: options.localAddress,
      headers: {
        ...(payload === undefined ? {} : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }),
        ...(options.fresh ? { connection: "close" } : {}),
        ...options.headers,
      },
    });
    const timer = setTimeout(() => {
      settle({ kind: "hang", afterMs: Date.now() - started });
      request.destroy();
    }, deadlineMs);
    request.on("error", (error: NodeJS.ErrnoException) => settle({ kind: "connection", error: error.code ?? error.message }));
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", (error: NodeJS.ErrnoException) => settle({ kind: "connection", error: `while reading: ${error.code ?? error.message}` }));
      response.on("end", () => settle(classify(response, Buffer.concat(chunks).toString("utf8"))));
    });
    request.end(payload);
  });
}

function classify(response: http.IncomingMessage, text: string): Outcome {
  const status = response.statusCode ?? 0;
  const requestId = String(response.headers["x-request-id"] ?? "");
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    if (typeof parsed.code === "number" && typeof parsed.message === "string" && "timestamp" in parsed) {
      return { kind: "envelope", status, code: parsed.code, message: parsed.message, data: parsed.data, requestId };
    }
  } catch {
    // not JSON: below
  }
  if (String(response.headers["content-type"] ?? "").startsWith("text/html") && !/<center>nginx/.test(text)) return { kind: "page", status, requestId };
  // nginx's own error pages (502, 504, …); a proxied answer also says "Server: nginx", so the body decides.
  const fromNginx = /<center>nginx/.test(text);
  return { kind: "not-envelope", status, body: text.slice(0, 200), fromNginx, requestId };
}

/** A short label per outcome, for the figures ("ok", "envelope -10005 服务…", "nginx 502", "connection ECONNRESET", "hang"). */
export function outcomeLabel(outcome: Outcome): string {
  switch (outcome.kind) {
    case "envelope":
      // The request id in a message (-10005's "（请求编号 …）") would make each answer its own kind.
      return outcome.code === 0 ? "ok" : `envelope ${outcome.code} ${outcome.message.replace(/（请求编号[^）]*）?/, "").slice(0, 40)}`;
    case "page":
      return outcome.status < 400 ? "ok" : `page ${outcome.status}`;
    case "not-envelope":
      return outcome.fromNginx ? `nginx ${outcome.status}` : `HTTP ${outcome.status} not an envelope: ${outcome.body.slice(0, 80)}`;
    case "connection":
      return `connection ${outcome.error}`;
    case "hang":
      return "hang";
  }
}

/** Tallies outcome labels. */
export class Tally {
  readonly counts = new Map<string, number>();
  add(label: string): void {
    this.counts.set(label, (this.counts.get(label) ?? 0) + 1);
  }
  get(label: string): number {
    return this.counts.get(label) ?? 0;
  }
  entries(): Array<[string, number]> {
    return [...this.counts.entries()].sort((a, b) => b[1] - a[1]);
  }
}
