import type { Db } from "../../db/unit-of-work.ts";
import { fail } from "../../core/errors.ts";
import { Code } from "@shop/contract/codes";
import { UPLOAD_PATHS, type MemberUploadKind, type UploadKind } from "@shop/contract/domains/upload";

/** Upload calls by what the picture is for: POST /api/upload/{kind}img (the contract's UPLOAD_PATHS). */
export type { UploadKind };

export const UPLOAD_KINDS = Object.keys(UPLOAD_PATHS) as MemberUploadKind[];

export const INVALID_IMAGE_MESSAGE = "图片无效，请重新上传";

/** "upload/a.jpg" as clients may send it back: with a leading "/", or surrounded by spaces. */
const normalize = (path: string) => path.trim().replace(/^\/+/, "");

/** Who uploaded a picture: a member, or a staff member (chat pictures sent from the workbench). */
export type UploadOwner = { memberId: number } | { staffId: number };

/**
 * The pictures a member attaches to an evaluation, refund or complaint: at most `max`, each one
 * this member uploaded for this kind (recorded by the upload calls in member_upload), so nobody
 * attaches another member's files, another kind's or arbitrary paths. Answers them in order,
 * normalized ("upload/…"), a path given twice once; anything else is a -10006 error.
 */
export function checkMemberImages(db: Db, memberId: number, kind: UploadKind, paths: string[], max: number): Promise<string[]> {
  return checkOwnedImages(db, { memberId }, kind, paths, max);
}

/** checkMemberImages for any uploader: a staff member's pictures are rows with member_id 0 and its staff_id. */
export async function checkOwnedImages(db: Db, owner: UploadOwner, kind: UploadKind, paths: string[], max: number): Promise<string[]> {
  const wanted = [...new Set(paths.map(normalize).filter(Boolean))];
  if (wanted.length > max) fail(`最多上传${max}张图片`, Code.PARAM);
  if (wanted.length === 0) return [];
  if (wanted.some((path) => !path.startsWith(`upload/${kind}/`) || path.length > 255)) fail(INVALID_IMAGE_MESSAGE, Code.PARAM);
  const uploads = db.selectFrom("member_upload").select("path").where("kind", "=", kind).where("path", "in", wanted);
  const rows = await ("memberId" in owner
    ? uploads.where("member_id", "=", owner.memberId)
    : uploads.where("member_id", "=", 0).where("staff_id", "=", owner.staffId)
  ).execute();
  const owned = new Set(rows.map((row) => row.path));
  if (wanted.some((path) => !owned.has(path))) fail(INVALID_IMAGE_MESSAGE, Code.PARAM);
  return wanted;
}
