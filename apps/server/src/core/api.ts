import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import multipart from "@fastify/multipart";
import type { z } from "zod";
import type { Endpoints, EndpointPath } from "@shop/contract/endpoints";
import { endpoints } from "@shop/contract/endpoints";
import { Code, type Envelope } from "@shop/contract/codes";
import { BizError } from "./errors.ts";
import { ok, envelope } from "./envelope.ts";
import { describeIssue } from "./validation.ts";
import { createContext, presentedToken, type AppDeps, type MemberContext, type RequestContext, type StaffContext } from "./context.ts";
import { sessions, type Permission } from "./sessions.ts";
import { recordPageFailure } from "./cache/page-tags.ts";
import { FileAnswer, readUploadForm, sendFile, type UploadedFile, type UploadOptions } from "./file-calls.ts";

type Body<P extends EndpointPath> = z.output<Endpoints[P]["body"]>;
/** The declared response type (`null` stays allowed: calls like logout answer `data: null`). */
type Result<P extends EndpointPath> = Exclude<Endpoints[P]["__res"], undefined>;

export type Handler<P extends EndpointPath, C = RequestContext> = (body: Body<P>, ctx: C) => Promise<Result<P>> | Result<P>;
/** A multipart call's handler: the contract's body holds the form's text fields; `file` is undefined when none was sent (or the body was JSON). */
export type UploadHandler<P extends EndpointPath> = (body: Body<P>, file: UploadedFile | undefined, ctx: StaffContext) => Promise<Result<P>>;

/**
 * Who may call an endpoint, declared where it is registered:
 * - public: anyone (the handler may still look at `ctx.optionalMemberId()`);
 * - member: a logged-in member; the handler gets `ctx.memberId` (else TOKEN_ERROR / TOKEN_EXPIRE);
 * - staff: a logged-in staff member holding the permission; the handler gets `ctx.staff`. With
 *   SIGNED_IN_STAFF, any signed-in staff member whatever their role (the console's own calls:
 *   profile, logout, one's own password) — a role then need not hold a permission only to log in.
 * Staff calls are answered while the shop is closed (staff must be able to reopen it).
 */
export type Access = "public" | "member" | { staff: StaffAccess };

/** What a staff call may require: a permission, or only a staff session (see Access). */
export const SIGNED_IN_STAFF = "signed-in";
export type StaffAccess = Permission | typeof SIGNED_IN_STAFF;

export interface RouteOptions {
  /** Per-IP limit for sensitive calls (login, codes): max requests per window. */
  rateLimit?: { max: number; timeWindow: string | number; /** calls naming one group share one budget per IP (core/rate-limits.ts) */ groupId?: string };
  /** Message of the success envelope. */
  successMessage?: string;
  /**
   * Member calls only: runs after validation and before the session is read, when the call
   * presents a token (a guest presenting none is told to log in first, as on every member call).
   * It may refuse at once with what anyone may be told — a flash sale's 已抢光 or 抢购人数过多 —
   * so a crowd's refusals read no session; it may return what to undo (a place it gave the token)
   * when the session then turns out invalid.
   */
  door?: (body: never, token: string) => Promise<(() => void) | void>;
}

export interface Api {
  deps: AppDeps;
  /** An endpoint anyone may call. */
  public<P extends EndpointPath>(path: P, handler: Handler<P>, options?: RouteOptions): void;
  /** An endpoint for logged-in members; the handler sees `ctx.memberId`. */
  member<P extends EndpointPath>(path: P, handler: Handler<P, MemberContext>, options?: RouteOptions): void;
  /** A staff endpoint guarded by a permission; the handler sees `ctx.staff`. A handler may answer a FileAnswer (a download) instead of data. */
  staff<P extends EndpointPath>(path: P, permission: StaffAccess, handler: Handler<P, StaffContext>, options?: RouteOptions): void;
  /**
   * A staff endpoint taking multipart/form-data: one file (read into memory, at most `upload.maxBytes`)
   * and text fields validated as the contract's body. A JSON body is validated too; the handler then gets no file.
   */
  staffUpload<P extends EndpointPath>(path: P, permission: Permission, upload: UploadOptions, handler: UploadHandler<P>): void;
  /**
   * Runs a registered call in-process — guard, validation, handler, envelope — without HTTP
   * emulation or a JSON round trip. SSR loaders use it with the page request (its cookies and IP).
   */
  dispatch(path: string, body: unknown, request: FastifyRequest, reply: FastifyReply): Promise<Envelope>;
  /** The access each registered path declared (tests walk it to prove every member path refuses guests). */
  readonly access: ReadonlyMap<string, Access>;
}

type Runner = (body: unknown, request: FastifyRequest, reply: FastifyReply) => Promise<Envelope | FileAnswer>;

/** What is kept of a shared result (see sharedResult): its JSON, and its last envelope's bytes. */
interface SharedJson {
  data?: string;
  /** the envelope `bytes` hold (its timestamp changes once a second) */
  envelope?: Omit<Envelope, "data">;
  bytes?: Buffer;
}
const sharedResults = new WeakMap<object, SharedJson>();

/**
 * Marks a handler's result as shared and never changed again (a cached result, which the cache
 * deep-freezes): its JSON is made once, and its envelope's bytes once a second, for every
 * response that sends it.
 */
export function sharedResult<T extends object>(result: T): T {
  if (!sharedResults.has(result)) sharedResults.set(result, {});
  return result;
}

/**
 * The bytes of an envelope whose data is a shared result — exactly JSON.stringify(envelope) —
 * without serializing the data again; undefined for any other envelope.
 */
function sharedEnvelopeBytes({ code, message, data, timestamp }: Envelope): Buffer | undefined {
  const shared = data !== null && typeof data === "object" ? sharedResults.get(data) : undefined;
  if (!shared) return undefined;
  const last = shared.envelope;
  if (!shared.bytes || last?.timestamp !== timestamp || last.code !== code || last.message !== message) {
    shared.data ??= JSON.stringify(data);
    shared.bytes = Buffer.from(`{"code":${code},"message":${JSON.stringify(message)},"data":${shared.data},"timestamp":${timestamp}}`);
    shared.envelope = { code, message, timestamp };
  }
  return shared.bytes;
}

/** Resolves the caller the access asks for, or throws the matching token error. */
async function authorize(access: Access, ctx: RequestContext): Promise<RequestContext> {
  if (access === "public") return ctx;
  if (access === "member") {
    const memberId = await ctx.requireMemberId();
    return Object.assign(ctx, { memberId });
  }
  const staff = await ctx.requireStaff();
  if (access.staff !== SIGNED_IN_STAFF && !sessions.staff().hasPermission(staff, access.staff)) throw new BizError("没有执行此操作的权限", Code.ERROR);
  return Object.assign(ctx, { staff });
}

/**
 * Registers a contract call as `POST path`: validates the body with the contract's zod schema
 * (→ -10006 naming the field), checks the declared access, runs the handler, wraps its result as
 * `{code: 0, data}`. Thrown BizErrors become their envelope; over HTTP anything else goes to the
 * app error handler.
 */
export function createApi(
  app: FastifyInstance,
  deps: AppDeps,
  /** Runs before validation for shopper calls; a non-null envelope answers instead (e.g. site closed). */
  guard: (path: string, request: FastifyRequest) => Promise<Envelope | null> = async () => null,
): Api {
  const runners = new Map<string, Runner>();
  const accessByPath = new Map<string, Access>();
  /** The file of a multipart call's request, for its handler. */
  const uploads = new WeakMap<FastifyRequest, UploadedFile>();

  function register(path: EndpointPath, access: Access, handler: (body: never, ctx: never) => unknown, options: RouteOptions & { upload?: UploadOptions } = {}) {
    const schema = endpoints[path].body;
    const isStaff = typeof access === "object";
    const run: Runner = async (body, request, reply) => {
      if (!isStaff) {
        const refused = await guard(path, request);
        if (refused) return refused;
      }
      // No body at all is an empty object; a JSON body must be an object.
      const raw = (body === undefined ? {} : body) as Record<string, unknown>;
      if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
        return envelope(Code.PARAM, "请求体必须是 JSON 对象", null);
      }
      const parsed = schema.safeParse(raw);
      if (!parsed.success) return envelope(Code.PARAM, describeIssue(parsed.error.issues[0]!, raw), null);
      const token = options.door && access === "member" ? presentedToken(request, raw) : undefined;
      const undo = token ? await options.door!(parsed.data as never, token) : undefined;
      let ctx: RequestContext;
      try {
        ctx = await authorize(access, createContext(deps, request, reply, raw));
      } catch (error) {
        undo?.();
        throw error;
      }
      const data = await handler(parsed.data as never, ctx as never);
      return data instanceof FileAnswer ? data : ok(data ?? null, options.successMessage);
    };
    runners.set(path, run);
    accessByPath.set(path, access);
    const upload = options.upload;
    const route = async (request: FastifyRequest, reply: FastifyReply) => {
      let body = request.body;
      if (upload && request.isMultipart()) {
        const form = await readUploadForm(request, reply, upload);
        if (form.file) uploads.set(request, form.file);
        body = form.fields;
      }
      const answer = await run(body, request, reply);
      if (answer instanceof FileAnswer) return sendFile(reply, answer);
      const bytes = sharedEnvelopeBytes(answer);
      return bytes ? reply.type("application/json; charset=utf-8").send(bytes) : answer;
    };
    const config = options.rateLimit ? { rateLimit: options.rateLimit } : {};
    if (!upload) {
      app.post(path, { config }, route);
      return;
    }
    // Multipart only in a scope of its own: every other call keeps refusing anything but JSON.
    app.register(async (scope) => {
      await scope.register(multipart, { throwFileSizeLimit: true });
      scope.post(path, { config }, route);
    });
  }

  return {
    deps,
    access: accessByPath,
    public: (path, handler, options) => register(path, "public", handler as never, options),
    member: (path, handler, options) => register(path, "member", handler as never, options),
    staff: (path, permission, handler, options) => register(path, { staff: permission }, handler as never, options),
    staffUpload: (path, permission, upload, handler) =>
      register(path, { staff: permission }, ((body: never, ctx: StaffContext) => handler(body, uploads.get(ctx.request), ctx)) as never, { upload }),
    async dispatch(path, body, request, reply) {
      const run = runners.get(path);
      if (!run) return envelope(Code.ERROR, "接口不存在", null);
      try {
        const answer = await run(body, request, reply);
        if (!(answer instanceof FileAnswer)) return answer;
        if (!Buffer.isBuffer(answer.body)) answer.body.destroy();
        return envelope(Code.ERROR, "文件下载不能在页面内调用", null);
      } catch (error) {
        if (error instanceof BizError) return envelope(error.code, error.message, error.data);
        request.log.error({ err: error, reqId: request.id, path }, "unhandled error in in-process call");
        recordPageFailure();
        return envelope(Code.UNKNOWN, `系统繁忙，请稍后再试（请求编号 ${request.id}）`, null);
      }
    },
  };
}
