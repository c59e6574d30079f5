import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import multipart from "@fastify/multipart";
import { Code } from "@shop/contract/codes";
import { STAFF_UPLOAD_PATHS, UPLOAD_FILE_FIELD, UPLOAD_PATHS, type MemberUploadKind } from "@shop/contract/domains/upload";
import { STAFF_CHAT_UPLOAD_PATH } from "@shop/contract/domains/chat";
import type { Api } from "../../core/api.ts";
import { ok, envelope } from "../../core/envelope.ts";
import { BizError, fail } from "../../core/errors.ts";
import { createContext, STAFF_TOKEN_COOKIE, STAFF_TOKEN_HEADER, TOKEN_COOKIE, type RequestContext } from "../../core/context.ts";
import { RateLimitedError } from "../../core/rate-limits.ts";
import { siteClosedGuard } from "../site/status.ts";
import { MESSAGES } from "./image.ts";
import { UPLOAD_KINDS, type UploadKind, type UploadOwner } from "./ownership.ts";
import { saveUpload } from "./service.ts";
import { hasPermission, type Permission } from "../staff/permissions.ts";
import { fileStoreFor } from "./storage.ts";

/** Room for the form's other fields and part headers beyond the picture itself. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
/** Per IP, checked before a byte of the body is read (the per-uploader limit needs the session first). */
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
 * Who may upload through a call, and as whom the picture is recorded: a member (the session of
 * every member call: the `token` field, else the cookie), or staff holding a permission (the
 * staff session: the `token` field, the X-Staff-Token header or the staff cookie).
 */
interface Uploader {
  path: string;
  kind: UploadKind;
  /** shopper calls are refused while the shop is closed; staff calls answer (staff reopen it) */
  shopper: boolean;
  identify(ctx: RequestContext): Promise<UploadOwner>;
  /** whether the request carries a session before its form is read */
  hasSession(request: FastifyRequest, fields: Record<string, unknown>): boolean;
}

const memberUploader = (kind: MemberUploadKind): Uploader => ({
  path: UPLOAD_PATHS[kind],
  kind,
  shopper: true,
  identify: async (ctx) => ({ memberId: await ctx.requireMemberId() }),
  hasSession: (request, fields) => Boolean(fields.token || request.cookies?.[TOKEN_COOKIE]),
});

/** Staff pictures (the workbench's chat pictures, docs/api/chat.md), recorded under the staff member. */
const staffUploader = (path: string, kind: UploadKind, permission: Permission): Uploader => ({
  path,
  kind,
  shopper: false,
  async identify(ctx) {
    const staff = await ctx.requireStaff();
    if (!hasPermission(staff, permission)) fail("没有执行此操作的权限");
    return { staffId: staff.staff_id };
  },
  hasSession: (request, fields) => Boolean(fields.token || request.headers[STAFF_TOKEN_HEADER] || request.cookies?.[STAFF_TOKEN_COOKIE]),
});

const ownerKey = (owner: UploadOwner) => ("memberId" in owner ? `member:${owner.memberId}` : `staff:${owner.staffId}`);

/**
 * Uploads: pictures members send with evaluations, refunds, complaints and chat messages (issues
 * 9, 12; docs/api/upload.md), their avatar (issue 10; docs/api/member.md), and staff chat
 * pictures (issue 12; docs/api/chat.md), the back office's pictures (issue 22: goods, content,
 * settings). POST /api/upload/{evaluate,refund,complain,chat}img, /api/upload/headimg,
 * /shopapi/upload/chatimg and /shopapi/upload/{goods,content,setting}img with multipart/form-data: the picture in
 * `file`, the session as for every call of its kind. Answers `{pic_path}` in the envelope.
 *
 * Multipart is registered in a scope holding only these routes: every other call keeps refusing
 * anything but JSON (a cross-site form cannot post to them).
 */
export function registerUploadRoutes(api: Api, app: FastifyInstance): void {
  const { deps } = api;
  const limits = deps.config.upload;
  const store = fileStoreFor(deps.config);
  const shopOpen = siteClosedGuard(deps.db);
  const ownerOf = new WeakMap<FastifyRequest, UploadOwner>();
  const uploaderBudget = app.createRateLimit({
    max: limits.perMemberPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `upload:${ownerKey(ownerOf.get(request)!)}`,
  });

  async function upload(uploader: Uploader, request: FastifyRequest, reply: FastifyReply) {
    const refused = uploader.shopper ? await shopOpen(uploader.path, request) : null;
    if (refused) return refused;
    if (!request.isMultipart()) return envelope(Code.PARAM, `请使用 multipart/form-data 上传图片（字段 ${UPLOAD_FILE_FIELD}）`, null);
    // Refused before reading it: the declared body cannot hold an allowed picture.
    if (Number(request.headers["content-length"] ?? 0) > limits.maxBytes + FORM_OVERHEAD_BYTES) {
      reply.header("connection", "close");
      return envelope(Code.PARAM, MESSAGES.tooLarge(limits), null);
    }

    const fields: Record<string, unknown> = {};
    let owner: UploadOwner | undefined;
    /** The session (as core/context.ts resolves it), then this uploader's budget. */
    const identify = async () => {
      if (owner !== undefined) return owner;
      owner = await uploader.identify(createContext(deps, request, reply, fields));
      ownerOf.set(request, owner);
      const budget = await uploaderBudget(request);
      if (!budget.isAllowed && budget.isExceeded) {
        reply.header("retry-after", budget.ttlInSeconds);
        throw new RateLimitedError(Math.max(1, budget.ttlInSeconds));
      }
      return owner;
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
        // over-budget uploader's picture is not received); a token sent after it, once the form is read.
        if (uploader.hasSession(request, fields)) await identify();
        picture = await part.toBuffer();
      }
      bodyRead = true;
    } catch (error) {
      // What is left of the body is not read: close the connection rather than drain it.
      reply.header("connection", "close");
      throw uploadError(error, limits.maxBytes);
    }
    const uploadedBy = await identify().catch((error: unknown) => {
      if (!bodyRead) reply.header("connection", "close");
      throw error;
    });
    if (!picture) fail(MESSAGES.empty, Code.PARAM);
    const saved = await saveUpload(
      { db: deps.db, store, limits, log: (error) => request.log.error({ err: error, reqId: request.id }, "upload: storing failed") },
      uploadedBy,
      uploader.kind,
      picture!,
    );
    return ok(saved, "上传成功");
  }

  const uploaders = [
    ...UPLOAD_KINDS.map(memberUploader),
    staffUploader(STAFF_CHAT_UPLOAD_PATH, "chat", "chat.serve"),
    staffUploader(STAFF_UPLOAD_PATHS.goods, "goods", "goods.manage"),
    staffUploader(STAFF_UPLOAD_PATHS.content, "content", "content.manage"),
    staffUploader(STAFF_UPLOAD_PATHS.setting, "setting", "setting.manage"),
  ];
  app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: limits.maxBytes, files: 1, fields: 10, fieldSize: 8 * 1024, fieldNameSize: 100, parts: 12, headerPairs: 100 },
    });
    for (const uploader of uploaders) {
      scope.post(uploader.path, { config: { rateLimit: { max: PER_IP_PER_MINUTE, timeWindow: 60_000 } } }, (request, reply) => upload(uploader, request, reply));
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
