import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { readReleaseInfo, resolveBuildDir } from "./build-releases.ts";

/**
 * What a build is made from, and whether the build at hand was made from exactly that.
 *
 * A build is compared by content, not by file times: a checkout, a `tar x` or an `rsync -a` can
 * give sources an older time than a build they differ from, and an edit undone leaves a newer time
 * on the same content. The fingerprint is a hash over every source file's path and content; the
 * build records it (release.json), and `npm start` builds again only when it differs.
 */

export type AppName = "web" | "console";

/**
 * Counts as a source of an app's build: its own code (app/, the storefront's vite/ plugins), its
 * vite and React Router configs, tsconfig and package.json; the shared contract package (the
 * apps import it from source); the root package.json and package-lock.json (a dependency upgraded
 * changes the bundle); and the script that precompresses the assets. Not counted: tests (never in
 * a bundle), the server's code (it is not built, it runs from source), generated .react-router types.
 */
export function buildSourcePaths(repoRoot: string, app: AppName): string[] {
  const appDir = path.join(repoRoot, "apps", app);
  const own = ["app", "vite", "vite.config.ts", "react-router.config.ts", "tsconfig.json", "package.json"].map((name) => path.join(appDir, name));
  const shared = [
    path.join(repoRoot, "packages/contract/src"),
    path.join(repoRoot, "packages/contract/package.json"),
    path.join(repoRoot, "package.json"),
    path.join(repoRoot, "package-lock.json"),
    path.join(repoRoot, "scripts/precompress-assets.mjs"),
  ];
  return [...own, ...shared];
}

const isTestFile = (name: string) => /\.test\.[cm]?[jt]sx?$/.test(name);

/** Every file under the given files and directories (missing ones skipped), keyed by path relative to `base`, with its sha256. */
export function hashSources(base: string, paths: readonly string[]): Record<string, string> {
  const hashes: Record<string, string> = {};
  const visit = (full: string) => {
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) {
        if (name === "node_modules" || name.startsWith(".") || isTestFile(name)) continue;
        visit(path.join(full, name));
      }
    } else if (stat.isFile()) {
      hashes[path.relative(base, full).split(path.sep).join("/")] = crypto.createHash("sha256").update(fs.readFileSync(full)).digest("hex");
    }
  };
  for (const entry of paths) visit(entry);
  return hashes;
}

/** One hash for the whole set (order-independent: keys are sorted). */
export function fingerprintOf(sources: Record<string, string>): string {
  const hash = crypto.createHash("sha256");
  for (const key of Object.keys(sources).sort()) hash.update(`${key}\0${sources[key]}\n`);
  return hash.digest("hex");
}

export interface Staleness {
  stale: boolean;
  /** why (or "up to date"), for the operator */
  reason: string;
}

/**
 * Whether the build behind `link` must be made again: it is missing (no `entryFile` in it), it
 * predates releases (no fingerprint), or its sources differ from `sources` (the changed files named).
 */
export function buildStaleness(link: string, entryFile: string, sources: Record<string, string>): Staleness {
  const dir = resolveBuildDir(link);
  if (!fs.existsSync(path.join(dir, entryFile))) return { stale: true, reason: `没有构建（缺少 ${path.join(link, entryFile)}）` };
  const info = readReleaseInfo(dir);
  if (!info?.fingerprint) return { stale: true, reason: "现有构建没有记录源文件指纹（旧版构建）" };
  if (info.fingerprint === fingerprintOf(sources)) return { stale: false, reason: `构建 ${info.id} 与源文件一致` };
  const changed = [...new Set([...Object.keys(sources), ...Object.keys(info.sources)])].filter((file) => sources[file] !== info.sources[file]).sort();
  const shown = changed.slice(0, 5).join("、") + (changed.length > 5 ? ` 等 ${changed.length} 个文件` : "");
  return { stale: true, reason: `源文件已变化：${shown}` };
}
