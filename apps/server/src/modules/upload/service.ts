import crypto from "node:crypto";
import { Code } from "@shop/contract/codes";
import type { Db } from "../../db/unit-of-work.ts";
import { now, shopIsoString } from "../../core/time.ts";
import { BizError } from "../../core/errors.ts";
import type { UploadLimits } from "./upload-config.ts";
import type { UploadKind, UploadOwner } from "./ownership.ts";
import type { FileStore } from "./storage.ts";
import { HEADIMG_SIZE } from "@shop/contract/domains/upload";
import { encodeUpload, type UploadShape } from "./image.ts";

/** Kinds whose pictures are cropped: an avatar is the centred square (the others keep their shape). */
const SHAPES: Partial<Record<UploadKind, UploadShape>> = { headimg: { square: HEADIMG_SIZE } };

export const STORE_FAILED_MESSAGE = "图片保存失败，请稍后再试";

/** yyyymmdd in China time (the shop's days), the folder of a day's uploads. */
export function uploadDay(at = new Date()): string {
  return shopIsoString(Math.floor(at.getTime() / 1000)).slice(0, 10).replaceAll("-", "");
}

/** "upload/<kind>/<yyyymmdd>/<32 hex>.jpg": 128 random bits, so nobody finds a picture by guessing. */
export function newUploadPath(kind: UploadKind, extension: string, at = new Date()): string {
  return `upload/${kind}/${uploadDay(at)}/${crypto.randomBytes(16).toString("hex")}${extension}`;
}

/**
 * Stores one picture: checked and re-encoded (image.ts), written under a random name, then
 * recorded as this member's (or staff member's) upload of this kind (what ownership.ts checks). A
 * refused picture leaves nothing behind; if recording fails, the written file is removed again.
 */
export async function saveUpload(
  deps: { db: Db; store: FileStore; limits: UploadLimits; log?: (error: unknown) => void },
  owner: UploadOwner,
  kind: UploadKind,
  bytes: Buffer,
): Promise<{ pic_path: string }> {
  const image = await encodeUpload(bytes, deps.limits, SHAPES[kind]);
  const picPath = newUploadPath(kind, image.extension);
  try {
    await deps.store.put(picPath, image.data, image.contentType);
  } catch (error) {
    deps.log?.(error);
    // A half-written object must not stay behind under a name nobody knows.
    await deps.store.delete(picPath).catch(() => {});
    throw new BizError(STORE_FAILED_MESSAGE, Code.ERROR);
  }
  try {
    await deps.db
      .insertInto("member_upload")
      .values({
        ...("memberId" in owner ? { member_id: owner.memberId } : { member_id: 0, staff_id: owner.staffId }),
        kind, path: picPath, size: image.data.length, width: image.width, height: image.height, create_time: now(),
      })
      .execute();
  } catch (error) {
    await deps.store.delete(picPath).catch(() => {});
    throw error;
  }
  return { pic_path: picPath };
}
