import { Code, type Envelope } from "./codes.ts";
import type { Endpoints, EndpointPath } from "./endpoints.ts";
import type { z } from "zod";

/** Sends one call and returns the envelope, whatever its code. */
export type Transport = (path: string, body: Record<string, unknown>) => Promise<Envelope>;

/** Global brand: the server and the web bundle each load their own copy of this module. */
const API_ERROR_BRAND = Symbol.for("@shop/contract/ApiError");

export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(envelope: Pick<Envelope, "code" | "message" | "data">) {
    super(envelope.message);
    this.name = "ApiError";
    this.code = envelope.code;
    this.data = envelope.data;
    (this as Record<symbol, unknown>)[API_ERROR_BRAND] = true;
  }

  /** `instanceof ApiError` holds for errors thrown by any copy of this class (SSR calls in-process). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[API_ERROR_BRAND] === true;
  }
}

export type BodyOf<P extends EndpointPath> = z.input<Endpoints[P]["body"]>;
export type ResultOf<P extends EndpointPath> = NonNullable<Endpoints[P]["__res"]>;

/** Parameters every call carries (SPEC §7). */
export const COMMON_PARAMS = { app_type: "pc", app_type_name: "PC" } as const;

export interface ApiClient {
  /** Resolves with `data` when code is 0, otherwise rejects with an ApiError. */
  call<P extends EndpointPath>(path: P, body?: BodyOf<P>): Promise<ResultOf<P>>;
  /** Resolves with the whole envelope, for callers that handle non-zero codes themselves. */
  raw<P extends EndpointPath>(path: P, body?: BodyOf<P>): Promise<Envelope<ResultOf<P> | null>>;
}

export function createApiClient(transport: Transport): ApiClient {
  const raw = async (path: string, body?: object) =>
    transport(path, { ...COMMON_PARAMS, ...(body ?? {}) });
  return {
    raw: raw as ApiClient["raw"],
    async call(path, body) {
      const envelope = await raw(path, body);
      if (envelope.code !== Code.SUCCESS) throw new ApiError(envelope);
      return envelope.data as never;
    },
  };
}

/**
 * Our storefront marks its browser calls with this header (value WEB_CLIENT_NAME): the login and
 * register calls then answer `token: ""`, since the httpOnly cookie carries its session and the
 * page's scripts must never see the token. Other clients (no header) get the token in the body.
 */
export const WEB_CLIENT_HEADER = "x-shop-client";
export const WEB_CLIENT_NAME = "shop-web";

/** Request time-out of SPEC §9. */
export const REQUEST_TIMEOUT_MS = 60_000;

/**
 * HTTP transport for the browser (and for API clients in tests). The login token travels in
 * an httpOnly cookie, so same-origin requests carry it without script access.
 */
export function httpTransport(baseUrl = "", init: { headers?: Record<string, string>; token?: string } = {}): Transport {
  return async (path, body) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    try {
      const response = await fetch(baseUrl + path, {
        method: "POST",
        headers: { "content-type": "application/json", ...init.headers },
        body: JSON.stringify(init.token ? { ...body, token: init.token } : body),
        credentials: "same-origin",
        signal: controller.signal,
      });
      const type = response.headers.get("content-type") ?? "";
      if (!type.includes("application/json")) {
        return { code: Code.UNKNOWN, message: `服务器响应异常（${response.status}）`, data: null, timestamp: Math.floor(Date.now() / 1000) };
      }
      return (await response.json()) as Envelope;
    } catch (error) {
      const aborted = (error as Error).name === "AbortError";
      return {
        code: Code.UNKNOWN,
        message: aborted ? "请求超时，请稍后再试" : "网络异常，请检查网络后重试",
        data: null,
        timestamp: Math.floor(Date.now() / 1000),
      };
    } finally {
      clearTimeout(timer);
    }
  };
}
