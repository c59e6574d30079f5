import sharp from "sharp";
import { Code } from "@shop/contract/codes";
import { fail } from "../../core/errors.ts";
import { sniffImageFormat } from "./sniff.ts";
import type { UploadLimits } from "./upload-config.ts";

export const MESSAGES = {
  empty: "请选择要上传的图片",
  notImage: "仅支持上传 JPG、PNG、WebP、GIF 格式的图片",
  broken: "图片文件已损坏或不完整，请重新选择",
  tooLarge: (limits: Pick<UploadLimits, "maxBytes">) => `图片不能超过 ${formatBytes(limits.maxBytes)}`,
  tooManyPixels: (limits: Pick<UploadLimits, "maxPixels">) => `图片尺寸过大，不能超过 ${Math.floor(limits.maxPixels / 10_000)} 万像素`,
};

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10}MB`;
  return `${Math.max(1, Math.round(bytes / 1024))}KB`;
}

/** How a kind's pictures are shaped: `square` crops the centred square and scales it down to that side (avatars). */
export interface UploadShape {
  square?: number;
}

/** Within the long-edge limit, or the centred square of the short side (at most `square`, never enlarged). */
function resizeFor(upright: { width: number; height: number }, limits: UploadLimits, shape: UploadShape): sharp.ResizeOptions {
  if (!shape.square) return { width: limits.maxEdge, height: limits.maxEdge, fit: "inside", withoutEnlargement: true };
  const side = Math.min(shape.square, upright.width, upright.height, limits.maxEdge);
  return { width: side, height: side, fit: "cover", position: "centre" };
}

/** A picture ready to store: always a JPEG, upright, without metadata, its long edge bounded. */
export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
  contentType: "image/jpeg";
  extension: ".jpg";
}

const JPEG_QUALITY = 82;

/**
 * Checks and re-encodes an uploaded picture. The format is told by the bytes (sniff.ts) and must
 * be what the decoder finds; the header's dimensions are checked against the pixel limit before
 * anything is decoded (a 100 000 × 100 000 PNG of a few KB is refused without allocating it);
 * a truncated or corrupt file fails decoding. Re-encoding to JPEG drops every metadata block (EXIF
 * with GPS position, camera serials, XMP, comments) and anything hidden after the image data,
 * after rotating the pixels as the EXIF orientation says. A GIF or animated WebP keeps its first
 * frame; transparency becomes white. With `shape.square` (avatars) the centred square is kept. Every refusal is a -10006 BizError with a message for the shopper.
 */
export async function encodeUpload(bytes: Buffer, limits: UploadLimits, shape: UploadShape = {}): Promise<EncodedImage> {
  if (bytes.length === 0) fail(MESSAGES.empty, Code.PARAM);
  if (bytes.length > limits.maxBytes) fail(MESSAGES.tooLarge(limits), Code.PARAM);
  const format = sniffImageFormat(bytes);
  if (!format) fail(MESSAGES.notImage, Code.PARAM);

  let metadata: sharp.Metadata;
  try {
    // The header only (no pixels decoded yet), without libvips's limit, so the refusal can say why.
    metadata = await sharp(bytes, { limitInputPixels: false, animated: false }).metadata();
  } catch {
    return fail(MESSAGES.broken, Code.PARAM);
  }
  if (metadata.format !== format || !metadata.width || !metadata.height) fail(MESSAGES.broken, Code.PARAM);
  // For a GIF or WebP with frames, height is the first frame's (animated: false reads one).
  const frameHeight = metadata.pageHeight ?? metadata.height!;
  if (metadata.width! * frameHeight > limits.maxPixels) fail(MESSAGES.tooManyPixels(limits), Code.PARAM);

  // EXIF orientations 5–8 turn the picture a quarter: its upright width is the stored height.
  const turned = (metadata.orientation ?? 1) >= 5;
  const upright = { width: turned ? frameHeight : metadata.width!, height: turned ? metadata.width! : frameHeight };
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: "error", animated: false })
      .rotate()
      .resize(resizeFor(upright, limits, shape))
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, contentType: "image/jpeg", extension: ".jpg" };
  } catch {
    return fail(MESSAGES.broken, Code.PARAM);
  }
}
