import cluster from "node:cluster";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * Builds as releases, so a build never deletes a file a running server reads.
 *
 *   apps/web/build                  → a symlink to build-releases/<id> (switched by one rename)
 *   apps/web/build-releases/<id>/   one complete build each (server/, client/, release.json)
 *
 * A server resolves the symlink once when it starts (`resolveBuildDir`) and keeps reading that
 * directory, whatever later builds do. Each new release also carries the hashed client assets of
 * the releases kept before it, so a page rendered by an old instance during a rolling restart
 * finds its scripts and styles on a new one. The newest `keep` releases stay; older ones are pruned.
 */

/** Written last into a release: a directory without it is a build in progress (or one that failed). */
export const RELEASE_INFO_FILE = "release.json";
/** The current release and two before it: a server started on either still finds its files. */
export const DEFAULT_KEEP_RELEASES = 3;
/** A release directory without release.json older than this is a failed build's leftover. */
const ABANDONED_BUILD_MS = 60 * 60 * 1000;

export interface ReleaseInfo {
  id: string;
  /** the order releases were installed in (one more than the newest before it) */
  sequence: number;
  createdAt: string;
  /** build-sources.ts: what the build was made from (compared by `npm start` to skip a build). */
  fingerprint: string;
  /** per source file hashes, so a stale build can say which files changed */
  sources: Record<string, string>;
  /** the files this build itself wrote under client/assets (not the ones inherited from older releases) */
  ownAssets: string[];
}

/** Where the releases behind a build link live: `apps/web/build` → `apps/web/build-releases`. */
export function releasesDirOf(link: string): string {
  return `${link}-releases`;
}

/** The real directory of a build link, resolved once (a server keeps it for its lifetime); the path itself when it does not exist. */
export function resolveBuildDir(link: string): string {
  try {
    return fs.realpathSync(link);
  } catch {
    return link;
  }
}

/**
 * The release a server process serves. The first process (a single server, or the cluster's
 * primary) resolves the link and hands the result to its workers through `variable`, so a worker
 * restarted after a newer build still serves the same release as its siblings.
 */
export function serverBuildDir(link: string, variable: string): string {
  const pinned = cluster.isWorker ? process.env[variable] : undefined;
  const dir = pinned || resolveBuildDir(link);
  process.env[variable] = dir;
  return dir;
}

/** A new, empty release directory, named after its creation time. */
export function createReleaseDir(link: string, now = new Date()): { id: string; dir: string } {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
  const id = `${stamp}-${crypto.randomBytes(3).toString("hex")}`;
  const dir = path.join(releasesDirOf(link), id);
  fs.mkdirSync(dir, { recursive: true });
  return { id, dir };
}

export function readReleaseInfo(dir: string): ReleaseInfo | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, RELEASE_INFO_FILE), "utf8")) as ReleaseInfo;
  } catch {
    return undefined;
  }
}

function writeJsonAtomically(file: string, value: unknown): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`);
  fs.renameSync(temporary, file);
}

/** Files under `dir`, relative to it, sorted (empty when it does not exist). */
export function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) found.push(child);
    }
  };
  walk("");
  return found.sort();
}

const assetsDir = (release: string) => path.join(release, "client", "assets");

/** Completed releases (with release.json), in the order they were installed. */
export function completedReleases(link: string): Array<{ dir: string; info: ReleaseInfo }> {
  const root = releasesDirOf(link);
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .map((name) => path.join(root, name))
    .flatMap((dir) => {
      const info = readReleaseInfo(dir);
      return info ? [{ dir, info }] : [];
    })
    .sort((a, b) => a.info.sequence - b.info.sequence || a.info.createdAt.localeCompare(b.info.createdAt) || a.info.id.localeCompare(b.info.id));
}

/** Marks a release complete, after every release installed so far. */
function writeReleaseInfo(link: string, dir: string, fields: Omit<ReleaseInfo, "id" | "sequence" | "createdAt">): ReleaseInfo {
  const sequence = Math.max(0, ...completedReleases(link).map((release) => release.info.sequence)) + 1;
  const info: ReleaseInfo = { id: path.basename(dir), sequence, createdAt: new Date().toISOString(), ...fields };
  writeJsonAtomically(path.join(dir, RELEASE_INFO_FILE), info);
  return info;
}

/**
 * Hard-links (or copies) into `target` the files of `source` it lacks, never replacing one: a
 * hashed asset's name is its content, and the new build's own file wins.
 */
function inheritFiles(sourceRoot: string, files: readonly string[], targetRoot: string): number {
  let added = 0;
  for (const relative of files) {
    const from = path.join(sourceRoot, relative);
    const to = path.join(targetRoot, relative);
    if (!fs.existsSync(from) || fs.existsSync(to)) continue;
    fs.mkdirSync(path.dirname(to), { recursive: true });
    try {
      fs.linkSync(from, to);
    } catch {
      fs.copyFileSync(from, to, fs.constants.COPYFILE_EXCL);
    }
    added += 1;
  }
  return added;
}

/**
 * Points `link` at `target` in one step: a new symlink renamed over the old one, so a reader
 * finds either the old release or the new one, never nothing. A real directory at `link` (a build
 * from before releases) is first moved into the releases, as one of them.
 */
export function switchLink(link: string, target: string): void {
  adoptLegacyBuild(link);
  const temporary = `${link}.switch-${process.pid}-${crypto.randomBytes(3).toString("hex")}`;
  fs.symlinkSync(path.relative(path.dirname(link), target), temporary, "dir");
  fs.renameSync(temporary, link);
}

/**
 * The one-time move from a plain build directory (if `link` is one) to releases. A directory cannot be replaced by a
 * symlink in one rename, so `link` is missing between two renames (microseconds, once per checkout).
 */
function adoptLegacyBuild(link: string): void {
  if (!fs.lstatSync(link, { throwIfNoEntry: false })?.isDirectory()) return;
  const { dir } = createReleaseDir(link, new Date(fs.statSync(link).mtimeMs));
  fs.rmdirSync(dir);
  fs.renameSync(link, dir);
  fs.symlinkSync(path.relative(path.dirname(link), dir), link, "dir");
  writeReleaseInfo(link, dir, { fingerprint: "", sources: {}, ownAssets: listFiles(assetsDir(dir)) });
}

/**
 * Removes releases beyond the newest `keep` completed ones (never the one `link` points at), and
 * directories of builds abandoned long ago. A build in progress (no release.json yet, recent) stays.
 */
export function pruneReleases(link: string, keep = DEFAULT_KEEP_RELEASES, now = Date.now()): string[] {
  const root = releasesDirOf(link);
  if (!fs.existsSync(root)) return [];
  const current = resolveBuildDir(link);
  const completed = completedReleases(link).map((release) => release.dir);
  const kept = new Set([...completed.slice(-keep), current]);
  const removed: string[] = [];
  for (const name of fs.readdirSync(root)) {
    const dir = path.join(root, name);
    if (kept.has(dir)) continue;
    const finished = completed.includes(dir);
    if (!finished && now - fs.statSync(dir).mtimeMs < ABANDONED_BUILD_MS) continue;
    fs.rmSync(dir, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

export interface InstallResult {
  id: string;
  inheritedAssets: number;
  pruned: string[];
}

/**
 * Makes a finished build in `dir` the current release of `link`: it takes on the assets of the
 * releases kept before it, is marked complete, becomes what `link` points at, and the oldest
 * releases beyond `keep` are removed.
 */
export function installRelease(link: string, dir: string, built: { fingerprint: string; sources: Record<string, string> }, keep = DEFAULT_KEEP_RELEASES): InstallResult {
  adoptLegacyBuild(link);
  const ownAssets = listFiles(assetsDir(dir));
  let inheritedAssets = 0;
  // Newest first: if two releases had a file of the same name, the newer one's is taken.
  const kept = keep > 1 ? completedReleases(link).slice(-(keep - 1)).reverse() : [];
  for (const previous of kept) {
    inheritedAssets += inheritFiles(assetsDir(previous.dir), previous.info.ownAssets, assetsDir(dir));
  }
  const info = writeReleaseInfo(link, dir, { ...built, ownAssets });
  switchLink(link, dir);
  return { id: info.id, inheritedAssets, pruned: pruneReleases(link, keep) };
}
