/**
 * Uploads: pictures members send with evaluations, refunds and complaints (issue 9), and their
 * avatar (issue 10: re-encoded and cropped to a centred square); docs/api/upload.md.
 *
 * These calls take multipart/form-data (the picture in the field `file`, as the reference's clients
 * send it), not a JSON body, so they are not entries of `endpoints` (whose bodies are zod-checked
 * JSON): the server registers them itself (apps/server/src/modules/upload/routes.ts) and the web
 * posts a FormData to them (components/upload/ImageUploader.tsx). The answer is the usual envelope.
 */
export const uploadEndpoints = {};

/** What a picture is uploaded for; the stored path starts with `upload/<kind>/`. */
export type UploadKind = MemberUploadKind | StaffUploadKind;
export type MemberUploadKind = "evaluate" | "refund" | "complain" | "headimg" | "chat";
/** The back office's pictures: goods and their taxonomy; ads, floors and articles; the site's logo and settings. */
export type StaffUploadKind = "goods" | "content" | "setting";

/**
 * The back office's picture uploads (multipart like the members' ones, under the staff session),
 * each for staff holding the permission of what the picture is for.
 */
export const STAFF_UPLOAD_PATHS: Record<StaffUploadKind, string> = {
  goods: "/shopapi/upload/goodsimg",
  content: "/shopapi/upload/contentimg",
  setting: "/shopapi/upload/settingimg",
};

/** The call that uploads a picture of each kind. */
export const UPLOAD_PATHS: Record<MemberUploadKind, string> = {
  evaluate: "/api/upload/evaluateimg",
  refund: "/api/upload/refundimg",
  complain: "/api/upload/complainimg",
  headimg: "/api/upload/headimg",
  chat: "/api/upload/chatimg",
};

/** Side in pixels of a stored avatar: the picture's centred square, scaled down to it (never up). */
export const HEADIMG_SIZE = 400;

/** The multipart field holding the picture. */
export const UPLOAD_FILE_FIELD = "file";

/** `data` of a successful upload: the picture's path ("upload/evaluate/20250101/….jpg"), relative like every picture path. */
export interface UploadResult {
  pic_path: string;
}

/** Formats the shop accepts (told by the file's bytes; every picture is stored as a JPEG). */
export const UPLOAD_ACCEPT = "image/jpeg,image/png,image/webp,image/gif";
