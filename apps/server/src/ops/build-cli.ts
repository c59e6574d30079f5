import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { REPO_ROOT } from "../config.ts";
import { createReleaseDir, installRelease } from "./build-releases.ts";
import { buildSourcePaths, buildStaleness, fingerprintOf, hashSources, type AppName } from "./build-sources.ts";
import { runCommand } from "./run-command.ts";

/**
 * npm run build: builds the storefront and the console, each into a new release directory, then
 * switches its `build` link to it (ops/build-releases.ts) — a running server keeps its own files.
 * npm start runs it with --if-stale first: a build whose sources are unchanged is kept as it is.
 * --check only says whether each build is up to date (exit 1 when one is not), building nothing.
 *
 *   tsx apps/server/src/ops/build-cli.ts [web] [console] [--if-stale | --check]
 *
 * WEB_BUILD_DIR (relative to apps/web, default "build") names the storefront's link, as the
 * server reads it; tests and benchmarks use it for a build of their own.
 */
const USAGE = "用法：tsx apps/server/src/ops/build-cli.ts [web] [console] [--if-stale | --check]";

interface AppBuild {
  /** the `build` link the server reads */
  link: string;
  /** a file every complete build of the app has */
  entryFile: string;
  /** the React Router config's variable naming its build directory */
  buildDirVariable: string;
  /** what scripts/precompress-assets.mjs compresses (relative to the release) */
  precompress: string;
}

const APPS: Record<AppName, AppBuild> = {
  web: {
    link: path.resolve(REPO_ROOT, "apps/web", process.env.WEB_BUILD_DIR ?? "build"),
    entryFile: "server/index.js",
    buildDirVariable: "WEB_BUILD_DIR",
    precompress: "client",
  },
  console: {
    link: path.resolve(REPO_ROOT, "apps/console/build"),
    entryFile: "client/index.html",
    buildDirVariable: "CONSOLE_BUILD_DIR",
    // index.html is read by the server itself (its inline scripts' hashes), never sent precompressed
    precompress: "client/assets",
  },
};

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (code, signal) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} 失败（${signal ?? code}）`))));
  });
}

type Mode = "always" | "if-stale" | "check";

/** Builds one app (unless the mode says otherwise); false when --check found it stale. */
async function buildRelease(name: AppName, mode: Mode): Promise<boolean> {
  const app = APPS[name];
  const sources = hashSources(REPO_ROOT, buildSourcePaths(REPO_ROOT, name));
  if (mode !== "always") {
    const staleness = buildStaleness(app.link, app.entryFile, sources);
    if (!staleness.stale) {
      console.log(`✔ ${name}：${staleness.reason}，不重新构建`);
      return true;
    }
    if (mode === "check") {
      console.log(`✘ ${name}：${staleness.reason}，需要构建`);
      return false;
    }
    console.log(`▶ ${name}：${staleness.reason}，开始构建`);
  }
  const startedAt = Date.now();
  const release = createReleaseDir(app.link);
  try {
    const appDir = path.join(REPO_ROOT, "apps", name);
    await run(path.join(REPO_ROOT, "node_modules/.bin/react-router"), ["build"], appDir, { ...process.env, [app.buildDirVariable]: release.dir });
    await run(process.execPath, [path.join(REPO_ROOT, "scripts/precompress-assets.mjs"), path.join(release.dir, app.precompress)], REPO_ROOT, process.env);
  } catch (error) {
    fs.rmSync(release.dir, { recursive: true, force: true });
    throw error;
  }
  const installed = installRelease(app.link, release.dir, { fingerprint: fingerprintOf(sources), sources });
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  const pruned = installed.pruned.length ? `，清理旧版本 ${installed.pruned.join("、")}` : "";
  console.log(`✔ ${name}：构建 ${installed.id} 已启用（${seconds} 秒，沿用旧版本资源 ${installed.inheritedAssets} 个${pruned}）→ ${path.relative(REPO_ROOT, app.link)}`);
  return true;
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: { "if-stale": { type: "boolean", default: false }, check: { type: "boolean", default: false } },
    allowPositionals: true,
  });
  const mode: Mode = values.check ? "check" : values["if-stale"] ? "if-stale" : "always";
  const unknown = positionals.filter((name) => !(name in APPS));
  if (unknown.length) throw new Error(`未知的应用：${unknown.join("、")}`);
  const names = (positionals.length ? positionals : Object.keys(APPS)) as AppName[];
  let upToDate = true;
  for (const name of names) upToDate = (await buildRelease(name, mode)) && upToDate;
  return upToDate ? 0 : 1;
}

runCommand(main, USAGE);
