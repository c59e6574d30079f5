import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../config.ts";
import { createReleaseDir, installRelease } from "./build-releases.ts";
import { buildSourcePaths, buildStaleness, fingerprintOf, hashSources } from "./build-sources.ts";

describe("whether a build is stale", () => {
  let root: string;
  let link: string;
  const write = (relative: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    fs.writeFileSync(path.join(root, relative), content);
  };
  const sources = () => hashSources(root, buildSourcePaths(root, "web"));
  /** A build of the current sources, recorded as `npm run build` does. */
  const build = () => {
    const current = sources();
    const { dir } = createReleaseDir(link);
    fs.mkdirSync(path.join(dir, "server"), { recursive: true });
    fs.writeFileSync(path.join(dir, "server/index.js"), "built");
    installRelease(link, dir, { fingerprint: fingerprintOf(current), sources: current });
  };
  const staleness = () => buildStaleness(link, "server/index.js", sources());

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "shop-sources-"));
    link = path.join(root, "apps/web/build");
    write("apps/web/app/root.tsx", "export default 1;");
    write("apps/web/vite.config.ts", "export default {};");
    write("apps/web/package.json", "{}");
    write("packages/contract/src/index.ts", "export const a = 1;");
    write("package-lock.json", "{}");
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it("is stale when there is no build, fresh right after one", () => {
    expect(staleness()).toMatchObject({ stale: true, reason: expect.stringContaining("没有构建") });
    build();
    expect(staleness()).toMatchObject({ stale: false });
  });

  it("goes by content: a changed, added or removed source makes it stale and is named; a touched or restored file does not", () => {
    build();
    write("apps/web/app/root.tsx", "export default 2;");
    expect(staleness()).toEqual({ stale: true, reason: "源文件已变化：apps/web/app/root.tsx" });
    write("apps/web/app/root.tsx", "export default 1;");
    expect(staleness().stale).toBe(false);

    // Newer file times with the same content (a checkout, a copy): nothing to build.
    const later = new Date(Date.now() + 3600_000);
    fs.utimesSync(path.join(root, "apps/web/app/root.tsx"), later, later);
    expect(staleness().stale).toBe(false);

    write("packages/contract/src/money.ts", "export const b = 2;");
    expect(staleness().reason).toContain("packages/contract/src/money.ts");
    fs.rmSync(path.join(root, "packages/contract/src/money.ts"));
    expect(staleness().stale).toBe(false);

    write("package-lock.json", '{"upgraded":true}');
    expect(staleness().reason).toContain("package-lock.json");
  });

  it("ignores what never reaches a bundle: tests, node_modules, hidden and generated files", () => {
    build();
    write("apps/web/app/routes/home.test.tsx", "test");
    write("apps/web/app/node_modules/x/index.js", "x");
    write("apps/web/app/.react-router/types/x.ts", "x");
    write("apps/web/build-releases/junk.js", "x");
    expect(staleness().stale).toBe(false);
  });

  it("is stale for a build made before releases recorded their sources", () => {
    fs.mkdirSync(path.join(link, "server"), { recursive: true });
    fs.writeFileSync(path.join(link, "server/index.js"), "old");
    expect(staleness()).toMatchObject({ stale: true, reason: expect.stringContaining("旧版构建") });
  });

  it("counts the real apps' sources (their code, configs, the contract, the lock file)", () => {
    const web = Object.keys(hashSources(REPO_ROOT, buildSourcePaths(REPO_ROOT, "web")));
    expect(web).toEqual(expect.arrayContaining(["apps/web/app/root.tsx", "apps/web/vite.config.ts", "apps/web/react-router.config.ts", "packages/contract/src/index.ts", "package-lock.json"]));
    expect(web.filter((file) => /\.test\.|\/build|node_modules|\.react-router/.test(file))).toEqual([]);
    const consoleSources = Object.keys(hashSources(REPO_ROOT, buildSourcePaths(REPO_ROOT, "console")));
    expect(consoleSources).toEqual(expect.arrayContaining(["apps/console/vite.config.ts", "packages/contract/src/index.ts"]));
    expect(consoleSources.some((file) => file.startsWith("apps/web/"))).toBe(false);
  });
});
