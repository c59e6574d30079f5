import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultImageCacheDir, renderImages, type ImageJob } from "./image-store.ts";

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#c00"/></svg>`;
const JOB: ImageJob = { file: "goods/test-0.png", svg: SVG, format: "png" };

describe("seed picture cache", () => {
  const made: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-image-store-"));
    made.push(dir);
    return dir;
  };
  afterEach(() => {
    vi.unstubAllEnvs();
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("lives in the data directory unless SEED_IMAGE_CACHE names a shared one", () => {
    vi.stubEnv("SEED_IMAGE_CACHE", "");
    expect(defaultImageCacheDir("/srv/shop-data")).toBe(path.join("/srv/shop-data", "seed-image-cache"));
    vi.stubEnv("SEED_IMAGE_CACHE", "/var/cache/shop-pictures");
    expect(defaultImageCacheDir("/srv/shop-data")).toBe("/var/cache/shop-pictures");
  });

  it("renders into DATA_DIR/seed-image-cache and reuses it after the upload folder is emptied", async () => {
    vi.stubEnv("SEED_IMAGE_CACHE", "");
    const dataDir = tempDir();
    const first = await renderImages([JOB], { dataDir });
    expect(first.rendered).toBe(1);
    expect(fs.readdirSync(path.join(dataDir, "seed-image-cache"), { recursive: true }).some((name) => String(name).endsWith(".png"))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, "upload/seed/goods/test-0.png"))).toBe(true);

    fs.rmSync(path.join(dataDir, "upload"), { recursive: true });
    const again = await renderImages([JOB], { dataDir });
    expect(again.rendered).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "upload/seed/goods/test-0.png"))).toBe(true);
  });
});
