import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./test/harness.ts";

/** Pictures as the seed stores them: x.jpg (the big one), x_mid.jpg, x_small.jpg; a logo in one size. */
const FILES: Record<string, string> = {
  "t/a.jpg": "big",
  "t/a_mid.jpg": "mid",
  "t/a_small.jpg": "small",
  "t/logo.png": "logo",
  "t/real_MID.png": "stored under the upper-case name",
  "t/.secret_MID.jpg": "hidden",
};

describe("upload aliases: the reference's sized names and //upload/", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    for (const [name, content] of Object.entries(FILES)) {
      const file = path.join(t.config.dataDir, "upload", name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, content);
    }
    fs.writeFileSync(path.join(t.config.dataDir, "outside.jpg"), "outside");
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: "GET", url });
  const body = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, url).toBe(200);
    return response.body;
  };

  it("serves the upper-case sizes from the stored lower-case ones, and _BIG / _big from the original", async () => {
    expect(await body("/upload/t/a_MID.jpg")).toBe("mid");
    expect(await body("/upload/t/a_SMALL.jpg")).toBe("small");
    expect(await body("/upload/t/a_BIG.jpg")).toBe("big");
    expect(await body("/upload/t/a_big.jpg")).toBe("big");
    expect(await body("/upload/t/a_mid.jpg")).toBe("mid");
  });

  it("falls back to the original for a picture stored in one size", async () => {
    expect(await body("/upload/t/logo_MID.png")).toBe("logo");
    expect(await body("/upload/t/logo_small.png")).toBe("logo");
  });

  it("serves a file stored under the asked name as it is", async () => {
    expect(await body("/upload/t/real_MID.png")).toBe("stored under the upper-case name");
  });

  it("still answers 404 for what does not exist, hidden files and paths outside the folder", async () => {
    for (const url of ["/upload/t/missing_MID.jpg", "/upload/t/.secret_MID.jpg", "/upload/t/.secret.jpg", "/upload/t/../../outside_MID.jpg", "/upload/t/%2e%2e/%2e%2e/outside_BIG.jpg"]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it("sends //upload/… on to /upload/…, keeping the query", async () => {
    const response = await get("//upload/t/a_MID.jpg?v=2");
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe("/upload/t/a_MID.jpg?v=2");
    expect(await body(String(response.headers.location))).toBe("mid");
  });
});
