import { ApiError, REQUEST_TIMEOUT_MS, WEB_CLIENT_HEADER, WEB_CLIENT_NAME } from "@shop/contract/client";
import { Code, type Envelope } from "@shop/contract/codes";
import { UPLOAD_FILE_FIELD, UPLOAD_PATHS, type MemberUploadKind as UploadKind, type UploadResult } from "@shop/contract/domains/upload";

export const NETWORK_FAILURE_MESSAGE = "网络异常，图片上传失败，请重试";

/**
 * Uploads one picture through the member's session (the httpOnly cookie rides along, as with every
 * browser call) and resolves with its pic_path; a refusal rejects with an ApiError carrying the
 * server's code and message (-10006 "仅支持上传 JPG、PNG、WebP、GIF 格式的图片", a token error …),
 * a network failure or time-out with an Error saying so.
 */
export async function uploadPicture(kind: UploadKind, file: Blob, fileName = "image.jpg", fetcher: typeof fetch = fetch): Promise<string> {
  const form = new FormData();
  form.append(UPLOAD_FILE_FIELD, file, fileName);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let answer: Envelope<UploadResult | null>;
  try {
    const response = await fetcher(UPLOAD_PATHS[kind], {
      method: "POST",
      body: form,
      headers: { [WEB_CLIENT_HEADER]: WEB_CLIENT_NAME },
      credentials: "same-origin",
      signal: controller.signal,
    });
    answer = (await response.json()) as Envelope<UploadResult | null>;
  } catch {
    throw new Error(NETWORK_FAILURE_MESSAGE);
  } finally {
    clearTimeout(timer);
  }
  if (answer.code !== Code.SUCCESS || !answer.data?.pic_path) throw new ApiError(answer);
  return answer.data.pic_path;
}
