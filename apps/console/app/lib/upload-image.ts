import { ApiError } from "@shop/contract/client";
import { Code, type Envelope } from "@shop/contract/codes";
import { UPLOAD_FILE_FIELD, type UploadResult } from "@shop/contract/domains/upload";
import { consoleHeaders } from "./api.ts";

/**
 * Uploads a picture to a staff upload call (multipart, re-encoded by the server's upload service)
 * with the staff session's cookie: its stored path ("upload/goods/…jpg"), or an ApiError with the
 * server's message.
 */
export async function uploadImage(path: string, file: File): Promise<string> {
  const form = new FormData();
  form.append(UPLOAD_FILE_FIELD, file, file.name);
  let envelope: Envelope<UploadResult | null>;
  try {
    const response = await fetch(path, { method: "POST", body: form, headers: consoleHeaders, credentials: "same-origin" });
    envelope = (await response.json()) as Envelope<UploadResult | null>;
  } catch {
    throw new ApiError({ code: Code.UNKNOWN, message: "图片上传失败，请检查网络后重试", data: null });
  }
  if (envelope.code !== Code.SUCCESS || !envelope.data?.pic_path) throw new ApiError(envelope);
  return envelope.data.pic_path;
}
