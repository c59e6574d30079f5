import type { GetModuleInfo, ManualChunksOption } from "rollup";

/**
 * Puts the app's own modules that the root route imports (chrome, lib) into one "shell" chunk.
 * Every page loads all of them anyway; as one file they compress better than as a score of
 * sub-kilobyte chunks (≈ 3 KB gzip less on every first load). Packages (react, react-router, the
 * contract…) keep Rollup's own chunking and tree-shaking: a module named here is bundled whether
 * used or not, so only the app directory's are named. Route modules stay separate.
 */
export function shellChunk(appDir: string, rootFile: string): ManualChunksOption {
  let shell: Set<string> | undefined;
  return (id, { getModuleInfo }) => {
    shell ??= rootDependencies(appDir, rootFile, getModuleInfo);
    return shell.has(id) ? "shell" : undefined;
  };
}

/** The app directory's modules statically reachable from the root route module through app modules. */
export function rootDependencies(appDir: string, rootFile: string, getModuleInfo: GetModuleInfo): Set<string> {
  const isAppSource = (id: string) => id.startsWith(appDir + "/") && !id.includes("?");
  const found = new Set<string>();
  const roots = [...getModuleIds(getModuleInfo, rootFile)];
  const stack = roots.flatMap((id) => getModuleInfo(id)?.importedIds ?? []);
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (found.has(id) || !isAppSource(id)) continue;
    const info = getModuleInfo(id);
    if (!info) continue;
    found.add(id);
    stack.push(...info.importedIds);
  }
  return found;
}

/** The root route's module ids: React Router's plugin may load it with a query. */
function getModuleIds(getModuleInfo: GetModuleInfo, file: string): string[] {
  const ids = [file];
  for (const suffix of ["?__react-router-build-client-route", "?react-router-route"]) if (getModuleInfo(file + suffix)) ids.push(file + suffix);
  return ids.filter((id) => getModuleInfo(id));
}
