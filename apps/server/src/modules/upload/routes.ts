import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import multipart from "@fastify/multipart";
import { Code } from "@shop/contract/codes";
import { UPLOAD_FILE_FIELD, UPLOAD_PATHS } from "@shop/contract/domains/upload";
import type { Api } from "../../core/api.ts";
import { ok, envelope } from "../../core/envelope.ts";
import { BizError, fail } from "../../core/errors.ts";
import { createContext, TOKEN_COOKIE } from "../../core/context.ts";
import { RateLimitedError } from "../../core/rate-limits.ts";
import { siteClosedGuard } from "../site/status.ts";
import { MESSAGES } from "./image.ts";
import { UPLOAD_KINDS, type UploadKind } from "./ownership.ts";
import { saveMemberUpload } from "./service.ts";
import { fileStoreFor } from "./storage.ts";

/** Room for the form's other fields and part headers beyond the picture itself. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
/** Per IP, checked before a byte of the body is read (the per-member limit needs the session first). */
const PER_IP_PER_MINUTE = 120;

const MULTIPART_MESSAGES: Record<string, string> = {
  FST_FILES_LIMIT: "一次只能上传一张图片",
  FST_PARTS_LIMIT: "上传内容格式错误",
  FST_FIELDS_LIMIT: "上传内容格式错误",
  FST_PROTO_VIOLATION: "上传内容格式错误",
  FST_INVALID_MULTIPART_CONTENT_TYPE: "请使用 multipart/form-data 上传图片",
  // the body ended inside the form (a client that gave up, a proxy that cut it)
  ERR_STREAM_PREMATURE_CLOSE: "上传内容不完整，请重试",
};

/**
 * Uploads: pictures members send with evaluations, refunds and complaints (issue 9;
 * docs/api/upload.md), and their avatar (issue 10; docs/api/member.md). POST
 * /api/upload/{evaluate,refund,complain}img and /api/upload/headimg with multipart/form-data:
 * the picture in `file`, the session as for every member call (the `token` field, else the
 * cookie). Answers `{pic_path}` in the envelope.
 *
 * Multipart is registered in a scope holding only these routes: every other call keeps refusing
 * anything but JSON (a cross-site form cannot post to them).
 */
export function registerUploadRoutes(api: Api, app: FastifyInstance): void {
  const { deps } = api;
  const limits = deps.config.upload;
  const store = fileStoreFor(deps.config);
  const shopOpen = siteClosedGuard(deps.db);
  const memberOf = new WeakMap<FastifyRequest, number>();
  const memberBudget = app.createRateLimit({
    max: limits.perMemberPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `upload:member:${memberOf.get(request)}`,
  });

  async function upload(kind: UploadKind, request: FastifyRequest, reply: FastifyReply) {
    const refused = await shopOpen(UPLOAD_PATHS[kind], request);
    if (refused) return refused;
    if (!request.isMultipart()) return envelope(Code.PARAM, `请使用 multipart/form-data 上传图片（字段 ${UPLOAD_FILE_FIELD}）`, null);
    // Refused before reading it: the declared body cannot hold an allowed picture.
    if (Number(request.headers["content-length"] ?? 0) > limits.maxBytes + FORM_OVERHEAD_BYTES) {
      reply.header("connection", "close");
      return envelope(Code.PARAM, MESSAGES.tooLarge(limits), null);
    }

    const fields: Record<string, unknown> = {};
    let memberId: number | undefined;
    /** The session (body token else cookie, as core/context.ts resolves it), then this member's budget. */
    const identify = async () => {
      if (memberId !== undefined) return memberId;
      memberId = await createContext(deps, request, reply, fields).requireMemberId();
      memberOf.set(request, memberId);
      const budget = await memberBudget(request);
      if (!budget.isAllowed && budget.isExceeded) {
        reply.header("retry-after", budget.ttlInSeconds);
        throw new RateLimitedError(Math.max(1, budget.ttlInSeconds));
      }
      return memberId;
    };

    let picture: Buffer | undefined;
    let bodyRead = false;
    try {
      for await (const part of request.parts()) {
        if (part.type === "field") {
          if (typeof part.value === "string") fields[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== UPLOAD_FILE_FIELD || picture) {
          part.file.resume();
          continue;
        }
        // A session known before the picture is checked before reading it (a guest's or an
        // over-budget member's upload is not received); a token sent after it, once the form is read.
        if (fields.token || request.cookies?.[TOKEN_COOKIE]) await identify();
        picture = await part.toBuffer();
      }
      bodyRead = true;
    } catch (error) {
      // What is left of the body is not read: close the connection rather than drain it.
      reply.header("connection", "close");
      throw uploadError(error, limits.maxBytes);
    }
    const member = await identify().catch((error: unknown) => {
      if (!bodyRead) reply.header("connection", "close");
      throw error;
    });
    if (!picture) fail(MESSAGES.empty, Code.PARAM);
    const saved = await saveMemberUpload(
      { db: deps.db, store, limits, log: (error) => request.log.error({ err: error, reqId: request.id }, "upload: storing failed") },
      member,
      kind,
      picture!,
    );
    return ok(saved, "上传成功");
  }

  app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: limits.maxBytes, files: 1, fields: 10, fieldSize: 8 * 1024, fieldNameSize: 100, parts: 12, headerPairs: 100 },
    });
    for (const kind of UPLOAD_KINDS) {
      scope.post(UPLOAD_PATHS[kind], { config: { rateLimit: { max: PER_IP_PER_MINUTE, timeWindow: 60_000 } } }, (request, reply) => upload(kind, request, reply));
    }
  });
}

/** A multipart failure as the shopper's -10006 (too large, several files, a broken form); anything else as it is. */
function uploadError(error: unknown, maxBytes: number): unknown {
  if (error instanceof BizError || error instanceof RateLimitedError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return new BizError(MESSAGES.tooLarge({ maxBytes }), Code.PARAM);
  if (typeof code === "string" && MULTIPART_MESSAGES[code]) return new BizError(MULTIPART_MESSAGES[code], Code.PARAM);
  // busboy's own errors: a form cut short ("Unexpected end of form"), a malformed part.
  if (error instanceof Error && /form|part|boundary|multipart/i.test(error.message)) return new BizError("上传内容格式错误", Code.PARAM);
  return error;
}
