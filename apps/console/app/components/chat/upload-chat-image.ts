import { STAFF_CHAT_UPLOAD_PATH } from "@shop/contract/domains/chat-rules";
import { uploadImage } from "../../lib/upload-image.ts";

/** Uploads a chat picture from the workbench; its stored path, or an ApiError with the server's message. */
export function uploadChatImage(file: File): Promise<string> {
  return uploadImage(STAFF_CHAT_UPLOAD_PATH, file);
}
