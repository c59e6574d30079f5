import type { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { Code } from "@shop/contract/codes";
import { BizError } from "./errors.ts";

/**
 * Calls that move files (core/api.ts `staffUpload`, and handlers answering a FileAnswer): the
 * download's headers, and the one uploaded file of a multipart form. Generic: what the file is for
 * is the module's business.
 */

/**
 * A handler's answer that is a file to download instead of an envelope (the contract's
 * FileDownload). `body` may be a stream, sent as it is produced (exports).
 */
export class FileAnswer {
  /** the contract's phantom type of download calls (FileDownload) */
  readonly __file = "download" as const;
  constructor(
    readonly filename: string,
    readonly contentType: string,
    readonly body: Buffer | Readable,
  ) {}
}

/** The file of a multipart call, read into memory (bounded by the call's maxBytes). */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  bytes: Buffer;
}

export interface UploadOptions {
  /** the form field holding the file */
  field: string;
  maxBytes: number;
}

/** RFC 5987 / 6266: an ASCII fallback name for old clients, and the real (Chinese) one in filename*. */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export function sendFile(reply: FastifyReply, file: FileAnswer): FastifyReply {
  return reply
    .header("content-type", file.contentType)
    .header("content-disposition", contentDisposition(file.filename))
    .header("cache-control", "no-store")
    .send(file.body);
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** A multipart failure as -10006 with a Chinese reason; anything else as it is. */
function formError(error: unknown, maxBytes: number): unknown {
  if (error instanceof BizError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return new BizError(`文件不能超过 ${megabytes(maxBytes)}`, Code.PARAM);
  if (code === "FST_FILES_LIMIT") return new BizError("一次只能上传一个文件", Code.PARAM);
  if (typeof code === "string" && code.startsWith("FST_")) return new BizError("上传内容格式错误", Code.PARAM);
  if (error instanceof Error && /form|part|boundary|multipart|terminated/i.test(error.message)) return new BizError("上传内容格式错误", Code.PARAM);
  return error;
}

/**
 * Reads a multipart form: its text fields (the call's body, validated by the contract's schema
 * afterwards) and the file of `options.field` (others are skipped). A declared body above the limit
 * is refused before a byte is read.
 */
export async function readUploadForm(request: FastifyRequest, reply: FastifyReply, options: UploadOptions): Promise<{ fields: Record<string, string>; file?: UploadedFile }> {
  if (Number(request.headers["content-length"] ?? 0) > options.maxBytes + 64 * 1024) {
    reply.header("connection", "close");
    throw new BizError(`文件不能超过 ${megabytes(options.maxBytes)}`, Code.PARAM);
  }
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: options.maxBytes, files: 1, fields: 20, fieldSize: 8 * 1024, parts: 24, headerPairs: 100 } });
    for await (const part of parts) {
      if (part.type === "field") {
        if (typeof part.value === "string") fields[part.fieldname] = part.value;
      } else if (part.fieldname === options.field && !file) {
        file = { filename: part.filename.slice(0, 200), mimetype: part.mimetype, bytes: await part.toBuffer() };
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    // What is left of the body is not read: close the connection rather than drain it.
    reply.header("connection", "close");
    throw formError(error, options.maxBytes);
  }
  return { fields, file };
}
