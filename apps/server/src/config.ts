import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export interface AppConfig {
  host: string;
  port: number;
  /** Where the SQLite file, uploads and generated images live. */
  dataDir: string;
  /** postgres://… to use PostgreSQL instead of SQLite. */
  databaseUrl?: string;
  /** PostgreSQL schema (tests use a fresh one per run). */
  pgSchema?: string;
  /** REDIS_URL: shared state for several instances (rate limits); unset → in-process state. */
  redisUrl?: string;
  /** REDIS_PREFIX: namespace of our Redis keys, so several shops (or test runs) can share one Redis. */
  redisPrefix: string;
  /** Seed size when the database is empty: "small" (default) or a SKU count. */
  seedSkus: number;
  /** Seed automatically on first start of an empty database. */
  autoSeed: boolean;
  logLevel: string;
  /** Serve the built storefront (false in API-only tests). */
  serveWeb: boolean;
  /** Set the Secure flag on cookies (behind HTTPS). */
  secureCookies: boolean;
  production: boolean;
  /** Proxies whose X-Forwarded-For is believed: false (none, default), a hop count, or addresses. */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /**
   * Browser tests only: every captcha gets this code (CAPTCHA_TEST_CODE). Refused in production,
   * where loadConfig throws rather than start a server with guessable captchas.
   */
  captchaTestCode?: string;
  /** PUBLIC_ORIGIN, e.g. https://shop.example.com: the origin of absolute URLs (else taken from requests). */
  publicOrigin?: string;
  /** JOB_INTERVAL_MS: how often this instance looks for due jobs (0 = never by itself; tests sweep by hand). */
  jobIntervalMs: number;
  /**
   * PAGE_CACHE: serve guests' pages from the anonymous page cache (ssr/page-cache.ts). DATA_CACHE:
   * keep public data (settings, ads, categories, list results) in memory (core/cache). Both on,
   * except under NODE_ENV=test, where tests that need them turn them on ("1") and the rest write
   * fixtures straight into the database.
   */
  pageCache: boolean;
  dataCache: boolean;
  /** PAGE_CACHE_FRESH_MS / PAGE_CACHE_STALE_MS: how long a cached page is served as is, then while it is re-rendered. */
  pageCacheFreshMs: number;
  pageCacheStaleMs: number;
  /** SERVER_PROCESSES: server processes sharing the port (Node cluster, cluster.ts); "auto" = one per core (production's default). */
  serverProcesses: number;
}

export const DEFAULT_SEED_SKUS = 2400;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = path.resolve(REPO_ROOT, env.DATA_DIR ?? "data");
  return {
    host: env.HOST ?? "127.0.0.1",
    port: Number(env.PORT ?? 3000),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    pgSchema: env.PG_SCHEMA || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || "shop:",
    seedSkus: parseSeedSize(env.SEED_SIZE),
    autoSeed: env.AUTO_SEED !== "0",
    logLevel: env.LOG_LEVEL ?? "info",
    serveWeb: env.SERVE_WEB !== "0",
    secureCookies: env.SECURE_COOKIES === "1",
    production: env.NODE_ENV === "production",
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    captchaTestCode: parseCaptchaTestCode(env),
    publicOrigin: env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : undefined,
    jobIntervalMs: Number(env.JOB_INTERVAL_MS ?? 5000),
    pageCache: parseSwitch(env.PAGE_CACHE, env.NODE_ENV !== "test"),
    dataCache: parseSwitch(env.DATA_CACHE, env.NODE_ENV !== "test"),
    pageCacheFreshMs: Number(env.PAGE_CACHE_FRESH_MS ?? 10_000),
    pageCacheStaleMs: Number(env.PAGE_CACHE_STALE_MS ?? 60_000),
    serverProcesses: parseProcessCount(env.SERVER_PROCESSES, env.NODE_ENV === "production"),
    ...overrides,
  };
}

/** "1"/"0" (also true/false, on/off); unset → the default. */
export function parseSwitch(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  return !["0", "false", "off", "no"].includes(value.toLowerCase());
}

/** SERVER_PROCESSES: a count, or "auto" for one per core; unset → one per core in production, else 1. */
export function parseProcessCount(value: string | undefined, production = false): number {
  if (!value) return production ? os.availableParallelism() : 1;
  if (value === "auto") return os.availableParallelism();
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 64) throw new Error(`SERVER_PROCESSES 无效：${value}（1–64 或 auto）`);
  return count;
}

/** "small" | "large" | a number of SKUs. */
export function parseSeedSize(value: string | undefined): number {
  if (!value || value === "small") return DEFAULT_SEED_SKUS;
  if (value === "large") return 100_000;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 50) throw new Error(`SEED_SIZE 无效：${value}（small、large 或不少于 50 的整数）`);
  return count;
}

/** TRUST_PROXY: unset → trust nobody (per-IP limits use the socket address); "1" → one hop; else addresses. */
export function parseTrustProxy(value: string | undefined): AppConfig["trustProxy"] {
  if (!value || value === "0" || value === "false") return false;
  if (!/^\d+$/.test(value)) return value;
  const hops = Number(value);
  return (_address, hop) => hop < hops;
}

function parseCaptchaTestCode(env: NodeJS.ProcessEnv): string | undefined {
  const code = env.CAPTCHA_TEST_CODE;
  if (!code) return undefined;
  if (env.NODE_ENV === "production") throw new Error("CAPTCHA_TEST_CODE 不能在生产环境中使用");
  return code;
}
