import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Endpoints, EndpointPath } from "@shop/contract/endpoints";
import { endpoints } from "@shop/contract/endpoints";
import { Code, type Envelope } from "@shop/contract/codes";
import { BizError } from "./errors.ts";
import { ok, envelope } from "./envelope.ts";
import { describeIssue } from "./validation.ts";
import { createContext, type AppDeps, type RequestContext } from "./context.ts";

type Body<P extends EndpointPath> = z.output<Endpoints[P]["body"]>;
/** The declared response type (`null` stays allowed: calls like logout answer `data: null`). */
type Result<P extends EndpointPath> = Exclude<Endpoints[P]["__res"], undefined>;

export type Handler<P extends EndpointPath> = (body: Body<P>, ctx: RequestContext) => Promise<Result<P>> | Result<P>;

export interface RouteOptions {
  /** Per-IP limit for sensitive calls (login, codes): max requests per window. */
  rateLimit?: { max: number; timeWindow: string | number };
  /** Message of the success envelope. */
  successMessage?: string;
}

export interface Api {
  deps: AppDeps;
  post<P extends EndpointPath>(path: P, handler: Handler<P>, options?: RouteOptions): void;
  /**
   * Runs a registered call in-process — guard, validation, handler, envelope — without HTTP
   * emulation or a JSON round trip. SSR loaders use it with the page request (its cookies and IP).
   */
  dispatch(path: string, body: unknown, request: FastifyRequest, reply: FastifyReply): Promise<Envelope>;
}

type Runner = (body: unknown, request: FastifyRequest, reply: FastifyReply) => Promise<Envelope>;

/**
 * Registers a contract call as `POST path`: validates the body with the contract's zod schema
 * (→ -10006 naming the field), runs the handler, wraps its result as `{code: 0, data}`.
 * Thrown BizErrors become their envelope; over HTTP anything else goes to the app error handler.
 */
export function createApi(
  app: FastifyInstance,
  deps: AppDeps,
  /** Runs before validation; a non-null envelope answers the call instead (e.g. site closed). */
  guard: (path: string, request: FastifyRequest) => Promise<Envelope | null> = async () => null,
): Api {
  const runners = new Map<string, Runner>();
  return {
    deps,
    post(path, handler, options = {}) {
      const schema = endpoints[path].body;
      const run: Runner = async (body, request, reply) => {
        const refused = await guard(path, request);
        if (refused) return refused;
        // No body at all is an empty object; a JSON body must be an object.
        const raw = (body === undefined ? {} : body) as Record<string, unknown>;
        if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
          return envelope(Code.PARAM, "请求体必须是 JSON 对象", null);
        }
        const parsed = schema.safeParse(raw);
        if (!parsed.success) return envelope(Code.PARAM, describeIssue(parsed.error.issues[0]!, raw), null);
        const ctx = createContext(deps, request, reply, raw);
        const data = await handler(parsed.data as never, ctx);
        return ok(data ?? null, options.successMessage);
      };
      runners.set(path, run);
      app.post(path, { config: options.rateLimit ? { rateLimit: options.rateLimit } : {} }, (request, reply) =>
        run(request.body, request, reply),
      );
    },
    async dispatch(path, body, request, reply) {
      const run = runners.get(path);
      if (!run) return envelope(Code.ERROR, "接口不存在", null);
      try {
        return await run(body, request, reply);
      } catch (error) {
        if (error instanceof BizError) return envelope(error.code, error.message, error.data);
        request.log.error({ err: error, reqId: request.id, path }, "unhandled error in in-process call");
        return envelope(Code.UNKNOWN, `系统繁忙，请稍后再试（请求编号 ${request.id}）`, null);
      }
    },
  };
}
