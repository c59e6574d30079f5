import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./test/harness.ts";

describe("/upload/", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    const upload = path.join(t.config.dataDir, "upload");
    fs.mkdirSync(path.join(upload, "goods/.cache"), { recursive: true });
    fs.mkdirSync(path.join(upload, ".git"), { recursive: true });
    fs.writeFileSync(path.join(upload, "goods/1.txt"), "picture");
    fs.writeFileSync(path.join(upload, ".env"), "SECRET=1");
    fs.writeFileSync(path.join(upload, ".git/config"), "[core]");
    fs.writeFileSync(path.join(upload, "goods/.cache/2.txt"), "hidden");
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: "GET", url });

  it("serves files", async () => {
    const response = await get("/upload/goods/1.txt");
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("picture");
  });

  // The probe: /upload/.env and the like were served.
  it.each([["/upload/.env"], ["/upload/.git/config"], ["/upload/goods/.cache/2.txt"], ["/upload/%2eenv"], ["/upload/goods/%2Ecache/2.txt"]])("refuses the dotfile %s", async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toMatch(/SECRET|core|hidden/);
  });
});
