import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import QRCode from "qrcode";

/** Where drawn QR codes are kept, under DATA_DIR/upload (served at /upload/qrcode/…). */
export const QRCODE_FOLDER = "qrcode";

/** How codes are drawn: 240 px, a one-module margin, medium error correction (readable from a screen). */
export const QRCODE_OPTIONS = { type: "png", width: 240, margin: 1, errorCorrectionLevel: "M" } as const;

/** Paths already on disk, so a hit costs no file-system call (bounded: each origin and SKU has one). */
const known = new Map<string, string>();
const KNOWN_MAX = 10_000;
/** Drawings under way in this process, so concurrent first calls draw once. */
const drawing = new Map<string, Promise<string>>();

/**
 * The picture of a QR code encoding `text`, as the reference answers pictures: a path relative to
 * the site ("upload/qrcode/<name>-<hash>.png"), drawn once and kept on disk. The file name carries a
 * hash of the text, so a new URL (another origin) gets its own file and a stale one is never served.
 * `name` ("sku-12", "h5") only makes the folder readable.
 */
export async function qrcodePicture(dataDir: string, name: string, text: string): Promise<string> {
  const hash = crypto.createHash("sha256").update(text).digest("hex").slice(0, 20);
  const relative = `upload/${QRCODE_FOLDER}/${name}-${hash}.png`;
  const file = path.join(dataDir, relative);
  if (known.has(file)) return relative;
  let pending = drawing.get(file);
  if (!pending) {
    pending = drawOnce(file, text).finally(() => drawing.delete(file));
    drawing.set(file, pending);
  }
  await pending;
  if (known.size >= KNOWN_MAX) known.clear();
  known.set(file, relative);
  return relative;
}

async function drawOnce(file: string, text: string): Promise<string> {
  try {
    await fs.promises.access(file);
    return file;
  } catch {
    // not drawn yet
  }
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  // Write then rename: another process drawing the same code at once ends with the same bytes, and
  // no reader ever gets half a file.
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  await QRCode.toFile(temporary, text, QRCODE_OPTIONS);
  await fs.promises.rename(temporary, file);
  return file;
}
