import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { execFileSync } from "node:child_process";
import sharp from "sharp";

/** One picture to produce: its path under upload/seed/ and the SVG it is rendered from. */
export interface ImageJob {
  file: string;
  svg: string;
  format: "jpeg" | "png";
}

export const SEED_UPLOAD_FOLDER = "seed";

/**
 * The path the API hands out for a seed file, relative as the reference's are (its clients put the
 * site's address and "/" before it): "goods/1-0.jpg" → "upload/seed/goods/1-0.jpg".
 */
export const seedUrl = (file: string) => `upload/${SEED_UPLOAD_FOLDER}/${file}`;

/** "a/b.jpg" + "mid" → "a/b_mid.jpg": the storefront derives sized variants the same way. */
export const sizedName = (file: string, size: "mid" | "small") => file.replace(/(\.[a-z]+)$/i, `_${size}$1`);

/** How many pictures are rendered at once: enough to keep sharp's worker threads busy. */
const BATCH = 8;
/** A lock older than this belongs to a process that died mid-render. */
const STALE_LOCK_MS = 60_000;

/**
 * Rendered pictures are kept in a cache keyed by a hash of the SVG and hard-linked (or copied)
 * into place, so a reseed (--reset) renders nothing. It lives in the data directory, beside what
 * it fills; SEED_IMAGE_CACHE shares one between data directories (the tests, which start each app
 * in a fresh one). Parallel seeders split the work through lock files instead of rendering the
 * same picture twice.
 */
export function defaultImageCacheDir(dataDir: string): string {
  return process.env.SEED_IMAGE_CACHE || path.join(dataDir, "seed-image-cache");
}

export interface RenderOptions {
  dataDir: string;
  cacheDir?: string;
  onProgress?: (done: number, total: number) => void;
}

export interface RenderResult {
  total: number;
  rendered: number;
  /** false when fontconfig knows no Chinese font: the pictures' text shows as boxes */
  cjkFont: boolean;
}

let cjkFontKnown: boolean | undefined;

/**
 * Whether fontconfig (which sharp's SVG renderer uses) has a Chinese font. Pictures drawn without
 * one are cached apart, so installing fonts-noto-cjk later makes the next seed draw them again.
 */
export function hasCjkFont(): boolean {
  if (cjkFontKnown === undefined) {
    try {
      cjkFontKnown = execFileSync("fc-list", [":lang=zh", "family"], { encoding: "utf8", timeout: 10_000 }).trim() !== "";
    } catch {
      cjkFontKnown = false;
    }
  }
  return cjkFontKnown;
}

export async function renderImages(jobs: ImageJob[], options: RenderOptions): Promise<RenderResult> {
  const seedDir = path.join(options.dataDir, "upload", SEED_UPLOAD_FOLDER);
  const cjkFont = hasCjkFont();
  const cacheDir = path.join(options.cacheDir ?? defaultImageCacheDir(options.dataDir), cjkFont ? "" : "without-cjk-font");
  fs.mkdirSync(cacheDir, { recursive: true });
  const unique = [...new Map(jobs.map((job) => [job.file, job])).values()];
  for (const folder of new Set(unique.map((job) => path.dirname(path.join(seedDir, job.file))))) {
    fs.mkdirSync(folder, { recursive: true });
  }

  let done = 0;
  let rendered = 0;
  const waiting: Array<{ job: ImageJob; cached: string; target: string }> = [];
  for (let start = 0; start < unique.length; start += BATCH) {
    await Promise.all(
      unique.slice(start, start + BATCH).map(async (job) => {
        const target = path.join(seedDir, job.file);
        const cached = cachePath(cacheDir, job);
        if (!fs.existsSync(target)) {
          if (!fs.existsSync(cached)) {
            if (!tryLock(cached)) return void waiting.push({ job, cached, target });
            await renderToCache(job, cached).finally(() => unlock(cached));
            rendered += 1;
          }
          place(cached, target);
        }
        options.onProgress?.(++done, unique.length);
      }),
    );
  }
  // Pictures another process was rendering: wait for them, or render them if it gave up.
  for (const { job, cached, target } of waiting) {
    if (!(await waitFor(cached))) {
      await renderToCache(job, cached);
      rendered += 1;
    }
    place(cached, target);
    options.onProgress?.(++done, unique.length);
  }
  return { total: unique.length, rendered, cjkFont };
}

function cachePath(cacheDir: string, job: ImageJob): string {
  const hash = crypto.createHash("sha1").update(job.format).update("\0").update(job.svg).digest("hex");
  return path.join(cacheDir, `${hash}.${job.format === "jpeg" ? "jpg" : "png"}`);
}

async function renderToCache(job: ImageJob, cached: string): Promise<void> {
  const image = sharp(Buffer.from(job.svg));
  const output = job.format === "jpeg" ? image.jpeg({ quality: 82 }) : image.png({ compressionLevel: 7 });
  // Write then rename, so no reader ever sees half a file.
  const temporary = `${cached}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  await output.toFile(temporary);
  fs.renameSync(temporary, cached);
}

function place(cached: string, target: string): void {
  try {
    fs.linkSync(cached, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return;
    fs.copyFileSync(cached, target);
  }
}

function tryLock(cached: string): boolean {
  const lock = `${cached}.lock`;
  try {
    fs.closeSync(fs.openSync(lock, "wx"));
    return true;
  } catch {
    try {
      if (Date.now() - fs.statSync(lock).mtimeMs > STALE_LOCK_MS) fs.rmSync(lock, { force: true });
    } catch {
      // the lock went away meanwhile
    }
    return false;
  }
}

function unlock(cached: string): void {
  fs.rmSync(`${cached}.lock`, { force: true });
}

async function waitFor(cached: string): Promise<boolean> {
  const deadline = Date.now() + STALE_LOCK_MS;
  while (Date.now() < deadline) {
    if (fs.existsSync(cached)) return true;
    if (!fs.existsSync(`${cached}.lock`)) return fs.existsSync(cached);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}
