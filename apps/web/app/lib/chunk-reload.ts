/**
 * SPEC §8 / §9: when a route chunk or another dynamically imported module fails to load (usually a
 * deploy replaced the hashed files), reload the page — at most once every 60 s, so a broken deploy
 * cannot trap the shopper in a reload loop. The decision logic is pure and unit tested.
 */
export const CHUNK_RELOAD_WINDOW_MS = 60_000;
export const CHUNK_RELOAD_STORAGE_KEY = "shop:chunk-reload-at";

const CHUNK_ERROR_MESSAGES = [
  "failed to fetch dynamically imported module", // Chromium
  "error loading dynamically imported module", // Firefox
  "importing a module script failed", // Safari
  "unable to preload css",
  "loading chunk",
  "loading css chunk",
];

/** Whether an error (or rejection reason) means a code chunk could not be fetched. */
export function isChunkLoadError(reason: unknown): boolean {
  if (!reason || (typeof reason !== "object" && typeof reason !== "string")) return false;
  const name = typeof reason === "object" ? String((reason as { name?: unknown }).name ?? "") : "";
  if (name === "ChunkLoadError") return true;
  const message = typeof reason === "string" ? reason : String((reason as { message?: unknown }).message ?? "");
  const lower = message.toLowerCase();
  return CHUNK_ERROR_MESSAGES.some((text) => lower.includes(text));
}

/**
 * Whether to reload now, given when the last guarded reload happened (ms since epoch, null if never).
 * A stored time in the future (clock changed) counts as stale.
 */
export function shouldReloadAfterChunkError(lastReloadAt: number | null, now: number, windowMs = CHUNK_RELOAD_WINDOW_MS): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt)) return true;
  if (lastReloadAt > now) return true;
  return now - lastReloadAt >= windowMs;
}

export interface ChunkReloadEnv {
  /** sessionStorage, or null when the browser refuses it */
  storage: Pick<Storage, "getItem" | "setItem"> | null;
  now: () => number;
  reload: () => void;
}

/**
 * Handles one chunk failure: reloads (and records the time) when allowed. Returns true when it
 * reloaded. Without storage there is no way to remember a reload, so it never reloads (no loop).
 */
export function handleChunkLoadFailure(env: ChunkReloadEnv): boolean {
  if (!env.storage) return false;
  const now = env.now();
  let last: number | null = null;
  try {
    const stored = env.storage.getItem(CHUNK_RELOAD_STORAGE_KEY);
    last = stored === null ? null : Number(stored);
    if (!shouldReloadAfterChunkError(last, now)) return false;
    env.storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now));
  } catch {
    return false;
  }
  env.reload();
  return true;
}

function browserEnv(): ChunkReloadEnv {
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = null;
  }
  return { storage, now: () => Date.now(), reload: () => window.location.reload() };
}

let installed = false;

/** Installs the listeners once (root.tsx calls it in the browser). */
export function installChunkReloadGuard(): void {
  if (installed || typeof window === "undefined") return;
  installed = true;
  // Vite fires this when a preload of a dynamic import's dependencies fails.
  window.addEventListener("vite:preloadError", (event) => {
    if (handleChunkLoadFailure(browserEnv())) event.preventDefault();
  });
  window.addEventListener("unhandledrejection", (event) => {
    if (isChunkLoadError(event.reason) && handleChunkLoadFailure(browserEnv())) event.preventDefault();
  });
}
