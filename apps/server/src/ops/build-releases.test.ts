import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createReleaseDir, installRelease, pruneReleases, readReleaseInfo, releasesDirOf, resolveBuildDir, serverBuildDir } from "./build-releases.ts";

/** Writes a fake build (what react-router build leaves) into a new release of `link` and installs it. */
function buildAndInstall(link: string, version: string, assets: Record<string, string>, keep?: number) {
  const { dir } = createReleaseDir(link);
  fs.mkdirSync(path.join(dir, "server"), { recursive: true });
  fs.writeFileSync(path.join(dir, "server/index.js"), `export const version = ${JSON.stringify(version)};\n`);
  for (const [name, content] of Object.entries(assets)) {
    fs.mkdirSync(path.dirname(path.join(dir, "client/assets", name)), { recursive: true });
    fs.writeFileSync(path.join(dir, "client/assets", name), content);
  }
  return { dir, ...installRelease(link, dir, { fingerprint: `fingerprint-${version}`, sources: {} }, keep) };
}

/**
 * A reader on another thread (a server's static file handler does the same from its event loop):
 * reads `files` in a loop until stopped and counts reads and failures, so a file missing for even
 * one read during an install is seen.
 */
function startReader(files: string[]) {
  const counters = new Int32Array(new SharedArrayBuffer(12)); // [reads, failures, stop]
  const source = `
    const { workerData } = require("node:worker_threads");
    const fs = require("node:fs");
    const counters = workerData.counters;
    const failures = [];
    while (Atomics.load(counters, 2) === 0) {
      for (const file of workerData.files) {
        try { fs.readFileSync(file); Atomics.add(counters, 0, 1); }
        catch (error) { Atomics.add(counters, 1, 1); if (failures.length < 5) failures.push(file + ": " + error.code); }
      }
    }
    require("node:worker_threads").parentPort.postMessage(failures);`;
  const worker = new Worker(source, { eval: true, workerData: { counters, files } });
  const failuresSeen = new Promise<string[]>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return {
    reads: () => Atomics.load(counters, 0),
    async waitUntilReading() {
      while (Atomics.load(counters, 0) === 0 && Atomics.load(counters, 1) === 0) await new Promise((resolve) => setImmediate(resolve));
    },
    async stop() {
      Atomics.store(counters, 2, 1);
      const failures = await failuresSeen;
      await worker.terminate();
      return { reads: Atomics.load(counters, 0), failures: Atomics.load(counters, 1), examples: failures };
    },
  };
}

describe("build releases", () => {
  let root: string;
  let link: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "shop-releases-"));
    link = path.join(root, "build");
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it("switches the link to each new release without it ever being missing", async () => {
    buildAndInstall(link, "v0", { "entry-v0.js": "v0" });
    const reader = startReader([path.join(link, "server/index.js"), path.join(link, "client/assets/entry-v0.js")]);
    await reader.waitUntilReading();
    for (let version = 1; version <= 30; version += 1) buildAndInstall(link, `v${version}`, { [`entry-v${version}.js`]: `v${version}` }, 40);
    const seen = await reader.stop();
    expect(seen.examples).toEqual([]);
    expect(seen.failures).toBe(0);
    expect(seen.reads).toBeGreaterThan(0);
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(path.join(link, "server/index.js"), "utf8")).toContain('"v30"');
  });

  it("lets a server keep reading the release it started on while newer ones are installed and older ones pruned", async () => {
    const first = buildAndInstall(link, "v1", { "entry-1111.js": "one", "entry-1111.js.br": "one, compressed" });
    const second = buildAndInstall(link, "v2", { "entry-2222.js": "two", "shared-aaaa.css": "two's" });
    // What a server does at start: resolve the link once, then serve from that directory.
    const served = resolveBuildDir(link);
    expect(served).toBe(second.dir);
    const reader = startReader([path.join(served, "server/index.js"), path.join(served, "client/assets/entry-2222.js")]);
    await reader.waitUntilReading();

    const third = buildAndInstall(link, "v3", { "entry-3333.js": "three", "shared-aaaa.css": "three's" });
    const fourth = buildAndInstall(link, "v4", { "entry-4444.js": "four" });
    const seen = await reader.stop();
    expect(seen.examples).toEqual([]);
    expect(seen.failures).toBe(0);

    // Three releases kept; the first is gone.
    expect(fourth.pruned).toEqual([path.basename(first.dir)]);
    expect(fs.existsSync(first.dir)).toBe(false);
    expect(fs.readdirSync(releasesDirOf(link)).sort()).toEqual([second.dir, third.dir, fourth.dir].map((dir) => path.basename(dir)).sort());
    expect(resolveBuildDir(link)).toBe(fourth.dir);

    // A page rendered by an instance on release 2 or 3 finds its assets on one serving release 4;
    // the first release's are no longer carried (it is beyond the kept releases).
    const assets = (dir: string) => fs.readdirSync(path.join(dir, "client/assets")).sort();
    expect(assets(fourth.dir)).toEqual(["entry-2222.js", "entry-3333.js", "entry-4444.js", "shared-aaaa.css"]);
    expect(fourth.inheritedAssets).toBe(3);
    // An inherited file never replaces one the release has (release 3 kept its own shared-aaaa.css),
    // and of two older files with one name the newer release's is taken.
    expect(fs.readFileSync(path.join(third.dir, "client/assets/shared-aaaa.css"), "utf8")).toBe("three's");
    expect(fs.readFileSync(path.join(fourth.dir, "client/assets/shared-aaaa.css"), "utf8")).toBe("three's");
    expect(third.inheritedAssets).toBe(3);
    expect(assets(third.dir)).toEqual(["entry-1111.js", "entry-1111.js.br", "entry-2222.js", "entry-3333.js", "shared-aaaa.css"]);
    // Only the files a build wrote itself are passed on: release 4 does not carry release 1's through release 3.
    expect(readReleaseInfo(fourth.dir)?.ownAssets).toEqual(["entry-4444.js"]);
  });

  it("takes a plain build directory from before releases in as a release", () => {
    fs.mkdirSync(path.join(link, "client/assets"), { recursive: true });
    fs.mkdirSync(path.join(link, "server"));
    fs.writeFileSync(path.join(link, "server/index.js"), "legacy");
    fs.writeFileSync(path.join(link, "client/assets/old-0000.js"), "legacy asset");
    const next = buildAndInstall(link, "v1", { "entry-1111.js": "one" });
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(path.join(link, "client/assets/old-0000.js"), "utf8")).toBe("legacy asset");
    const releases = fs.readdirSync(releasesDirOf(link)).map((name) => readReleaseInfo(path.join(releasesDirOf(link), name)));
    expect(releases).toHaveLength(2);
    // The old build is the first release (no fingerprint: the next `npm start` would not trust it), the new one the second.
    expect(releases.find((info) => info?.fingerprint === "")).toMatchObject({ sequence: 1, ownAssets: ["old-0000.js"] });
    expect(readReleaseInfo(next.dir)).toMatchObject({ sequence: 2, ownAssets: ["entry-1111.js"] });
  });

  it("leaves a build in progress alone and removes one abandoned long ago", () => {
    buildAndInstall(link, "v1", {});
    const inProgress = createReleaseDir(link).dir;
    const abandoned = createReleaseDir(link, new Date(Date.now() - 2 * 3600_000)).dir;
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    fs.utimesSync(abandoned, twoHoursAgo, twoHoursAgo);
    expect(pruneReleases(link)).toEqual([path.basename(abandoned)]);
    expect(fs.existsSync(inProgress)).toBe(true);
    expect(fs.existsSync(abandoned)).toBe(false);
  });

  it("gives a server the release the link points at, and the same one to its cluster's workers through the environment", () => {
    const { dir } = buildAndInstall(link, "v1", {});
    const variable = `TEST_RELEASE_${process.pid}`;
    try {
      expect(serverBuildDir(link, variable)).toBe(dir);
      expect(process.env[variable]).toBe(dir);
      // Not a cluster worker: a later start resolves the link again (a new process, a new release).
      const newer = buildAndInstall(link, "v2", {}).dir;
      expect(serverBuildDir(link, variable)).toBe(newer);
      // A link that does not exist (no build yet) is returned as it is.
      expect(resolveBuildDir(path.join(root, "nothing"))).toBe(path.join(root, "nothing"));
    } finally {
      delete process.env[variable];
    }
  });
});
