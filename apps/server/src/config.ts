import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { VALID_HOST } from "./core/origin.ts";
import { CAPTCHA_ALPHABET } from "./modules/auth/captcha-glyphs.ts";
import { parseS3Settings, parseUploadLimits, type S3Settings, type UploadLimits } from "./modules/upload/upload-config.ts";

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
   * NODE_ENV is exactly "development" or "test": the only modes that accept CAPTCHA_TEST_CODE and
   * build absolute URLs from any well-formed Host header (core/origin.ts).
   */
  developmentMode: boolean;
  /**
   * Development and browser tests only: every captcha gets this code (CAPTCHA_TEST_CODE, upper
   * case). Outside developmentMode, or with a character the captcha font cannot draw, loadConfig
   * throws rather than start a server with guessable (or unanswerable) captchas.
   */
  captchaTestCode?: string;
  /** PUBLIC_ORIGIN, e.g. https://shop.example.com: the origin of absolute URLs (core/origin.ts). */
  publicOrigin?: string;
  /** PUBLIC_HOSTS (comma separated host[:port]): the Host headers absolute URLs may use when PUBLIC_ORIGIN is unset. */
  publicHosts: string[];
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
  /** UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS, UPLOAD_MAX_EDGE, UPLOAD_RATE_PER_MINUTE: limits of member pictures (modules/upload). */
  upload: UploadLimits;
  /** S3_BUCKET (+ S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE): uploads in a shared bucket; unset → DATA_DIR/upload. */
  s3?: S3Settings;
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
    developmentMode: isDevelopmentMode(env.NODE_ENV),
    captchaTestCode: parseCaptchaTestCode(env),
    publicOrigin: parsePublicOrigin(env.PUBLIC_ORIGIN),
    publicHosts: parsePublicHosts(env.PUBLIC_HOSTS),
    jobIntervalMs: Number(env.JOB_INTERVAL_MS ?? 5000),
    pageCache: parseSwitch(env.PAGE_CACHE, env.NODE_ENV !== "test"),
    dataCache: parseSwitch(env.DATA_CACHE, env.NODE_ENV !== "test"),
    pageCacheFreshMs: Number(env.PAGE_CACHE_FRESH_MS ?? 10_000),
    pageCacheStaleMs: Number(env.PAGE_CACHE_STALE_MS ?? 60_000),
    serverProcesses: parseProcessCount(env.SERVER_PROCESSES, env.NODE_ENV === "production"),
    upload: parseUploadLimits(env),
    s3: parseS3Settings(env),
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

/** Exactly "development" or "test": "Production", "prod", "production " and an unset NODE_ENV are not. */
export function isDevelopmentMode(nodeEnv: string | undefined): boolean {
  return nodeEnv === "development" || nodeEnv === "test";
}

/**
 * CAPTCHA_TEST_CODE: only with NODE_ENV development or test, 1–8 characters the captcha font can
 * draw (CAPTCHA_ALPHABET, any case); anything else stops the start with the reason.
 */
export function parseCaptchaTestCode(env: NodeJS.ProcessEnv): string | undefined {
  const code = env.CAPTCHA_TEST_CODE;
  if (!code) return undefined;
  if (!isDevelopmentMode(env.NODE_ENV)) {
    throw new Error(`CAPTCHA_TEST_CODE 只能在 NODE_ENV=development 或 test 时使用（当前 NODE_ENV=${JSON.stringify(env.NODE_ENV ?? "")}）`);
  }
  const upper = code.toUpperCase();
  const undrawable = [...new Set([...upper].filter((char) => !CAPTCHA_ALPHABET.includes(char)))];
  if (upper.length > 8 || undrawable.length > 0) {
    const why = undrawable.length > 0 ? `验证码字体无法绘制 ${undrawable.map((char) => JSON.stringify(char)).join("、")}` : "长度超过 8 位";
    throw new Error(`CAPTCHA_TEST_CODE 无效：${why}（1–8 位，可用字符：${CAPTCHA_ALPHABET}，不区分大小写）`);
  }
  return upper;
}

/** PUBLIC_ORIGIN: an http(s) origin (a path or trailing slash is dropped). */
export function parsePublicOrigin(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value.trim());
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw new Error(`PUBLIC_ORIGIN 无效：${value}（例如 https://shop.example.com）`);
  }
  return url.origin;
}

/** PUBLIC_HOSTS: "shop.example.com, www.shop.example.com:8443" → lower-case host[:port] entries. */
export function parsePublicHosts(value: string | undefined): string[] {
  const hosts = (value ?? "").split(/[\s,]+/).filter(Boolean).map((host) => host.toLowerCase());
  const invalid = hosts.filter((host) => !VALID_HOST.test(host));
  if (invalid.length > 0) throw new Error(`PUBLIC_HOSTS 无效：${invalid.join("、")}（主机名或 主机名:端口，逗号分隔）`);
  return hosts;
}
