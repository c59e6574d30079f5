import Fastify, { type FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createReleaseDir, installRelease, resolveBuildDir } from "../ops/build-releases.ts";
import { registerNewerReleaseAssets } from "./release-assets.ts";

/** A release holding client/assets/<name> for each asset given, installed as the link's current one. */
function install(link: string, assets: Record<string, string>): string {
  const { dir } = createReleaseDir(link);
  fs.mkdirSync(path.join(dir, "client/assets"), { recursive: true });
  for (const [name, content] of Object.entries(assets)) fs.writeFileSync(path.join(dir, "client/assets", name), content);
  installRelease(link, dir, { fingerprint: dir, sources: {} });
  return dir;
}

/** The storefront's mounting (ssr/handler.ts) on a bare server: its release's files, the newer assets, every other path a page. */
async function storefrontLike(link: string, served: string): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(fastifyStatic, { root: path.join(served, "client"), prefix: "/web/", wildcard: false, decorateReply: false });
  await registerNewerReleaseAssets(app, { prefix: "/web/assets/", link, served, assetsDir: "client/assets" });
  app.get("/web/*", (_request, reply) => reply.type("text/html").send("a rendered page"));
  return app;
}

describe("assets of a release newer than the server's", () => {
  let root: string;
  let link: string;
  let app: FastifyInstance | undefined;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "shop-release-assets-"));
    link = path.join(root, "build");
  });
  afterEach(async () => {
    await app?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  const get = async (url: string) => {
    const response = await app!.inject({ method: "GET", url });
    return { status: response.statusCode, body: response.body };
  };

  it("are served from the release the link points at now; its own from the release it started on; unknown ones are 404", async () => {
    install(link, { "entry-1111.js": "one" });
    const served = resolveBuildDir(link);
    app = await storefrontLike(link, served);
    install(link, { "entry-2222.js": "two" });

    expect(await get("/web/assets/entry-1111.js")).toEqual({ status: 200, body: "one" });
    // A page rendered by an instance on the new release asks this one for its script.
    expect(await get("/web/assets/entry-2222.js")).toEqual({ status: 200, body: "two" });
    expect((await get("/web/assets/entry-9999.js")).status).toBe(404);
    expect(await get("/web/goods/1")).toEqual({ status: 200, body: "a rendered page" });
  });

  it("change nothing for a server on a plain build directory", async () => {
    fs.mkdirSync(path.join(link, "client/assets"), { recursive: true });
    fs.writeFileSync(path.join(link, "client/assets/entry-1111.js"), "one");
    app = await storefrontLike(link, resolveBuildDir(link));
    expect(await get("/web/assets/entry-1111.js")).toEqual({ status: 200, body: "one" });
    expect(await get("/web/assets/entry-9999.js")).toEqual({ status: 200, body: "a rendered page" });
  });
});
