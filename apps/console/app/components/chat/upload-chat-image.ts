import { ApiError } from "@shop/contract/client";
import { Code, type Envelope } from "@shop/contract/codes";
import { STAFF_CHAT_UPLOAD_PATH } from "@shop/contract/domains/chat-rules";
import { UPLOAD_FILE_FIELD, type UploadResult } from "@shop/contract/domains/upload";
import { consoleHeaders } from "../../lib/api.ts";

/** Uploads a picture (multipart, re-encoded by the server's upload service) with the staff session's cookie; its stored path, or an ApiError with the server's message. */
export async function uploadChatImage(file: File): Promise<string> {
  const form = new FormData();
  form.append(UPLOAD_FILE_FIELD, file, file.name);
  let envelope: Envelope<UploadResult | null>;
  try {
    const response = await fetch(STAFF_CHAT_UPLOAD_PATH, { method: "POST", body: form, headers: consoleHeaders, credentials: "same-origin" });
    envelope = (await response.json()) as Envelope<UploadResult | null>;
  } catch {
    throw new ApiError({ code: Code.UNKNOWN, message: "图片上传失败，请检查网络后重试", data: null });
  }
  if (envelope.code !== Code.SUCCESS || !envelope.data?.pic_path) throw new ApiError(envelope);
  return envelope.data.pic_path;
}
