import { ApiError, COMMON_PARAMS } from "@shop/contract/client";
import { Code, type Envelope } from "@shop/contract/codes";
import type { BodyOf, EndpointPath, ResultOf } from "@shop/contract";
import type { FileDownload } from "@shop/contract/domains/goods-admin-import";
import { consoleHeaders } from "./api.ts";

/**
 * The console's calls that move files, with the staff session's cookie like every call: downloads
 * (the server answers the file, or an envelope when it refuses) and multipart uploads of a form.
 * Failures are ApiErrors with the server's message, for useStaffErrorHandler.
 */

/** Calls that answer a file (the contract's FileDownload). */
export type DownloadPath = { [P in EndpointPath]: ResultOf<P> extends FileDownload ? P : never }[EndpointPath];

const networkError = (what: string) => new ApiError({ code: Code.UNKNOWN, message: `${what}失败，请检查网络后重试`, data: null });

/** The file name of a Content-Disposition: the RFC 5987 `filename*` (Chinese), else `filename`. */
export function dispositionName(header: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header ?? "")?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // a malformed name: the plain one
    }
  }
  return /filename="([^"]+)"/i.exec(header ?? "")?.[1] ?? fallback;
}

/** POSTs `body` to a download call and saves the file it answers under its own name. */
export async function downloadFile<P extends DownloadPath>(path: P, body: BodyOf<P>, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json", ...consoleHeaders },
      body: JSON.stringify({ ...COMMON_PARAMS, ...body }),
      credentials: "same-origin",
    });
  } catch {
    throw networkError("下载");
  }
  if ((response.headers.get("content-type") ?? "").includes("application/json")) throw new ApiError((await response.json()) as Envelope);
  if (!response.ok) throw new ApiError({ code: Code.UNKNOWN, message: `下载失败（${response.status}）`, data: null });
  const blob = await response.blob().catch(() => {
    throw networkError("下载");
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = dispositionName(response.headers.get("content-disposition"), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** POSTs a multipart form (text fields and one file) to a call; its data, or an ApiError. */
export async function postForm<P extends EndpointPath>(path: P, fields: Record<string, string>, file: { field: string; file: File }): Promise<ResultOf<P>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(file.field, file.file, file.file.name);
  let envelope: Envelope<ResultOf<P> | null>;
  try {
    const response = await fetch(path, { method: "POST", body: form, headers: consoleHeaders, credentials: "same-origin" });
    envelope = (await response.json()) as Envelope<ResultOf<P> | null>;
  } catch {
    throw networkError("上传");
  }
  if (envelope.code !== Code.SUCCESS || envelope.data === null) throw new ApiError(envelope);
  return envelope.data;
}
