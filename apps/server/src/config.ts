import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { VALID_HOST } from "./core/origin.ts";
import { CAPTCHA_ALPHABET } from "./modules/auth/captcha-glyphs.ts";
import { parseS3Settings, parseUploadLimits, type S3Settings, type UploadLimits } from "./modules/upload/upload-config.ts";
import { DEFAULT_PG_SETTINGS, type PgSettings } from "./db/connect.ts";

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
  /**
   * PostgreSQL pool and timeouts (db/connect.ts PgSettings): DB_POOL_MAX (10), DB_CONNECT_TIMEOUT_MS
   * (5000), DB_STATEMENT_TIMEOUT_MS (5000), DB_IDLE_IN_TRANSACTION_TIMEOUT_MS (60000),
   * DB_QUERY_TIMEOUT_MS (statement timeout + 1000), DB_APPLICATION_NAME ("shop"). A request whose
   * database is gone or stalled gets its envelope after at most about connect + query timeout.
   */
  pg: PgSettings;
  /**
   * SHUTDOWN_TIMEOUT_MS (10000): on SIGTERM/SIGINT a process that has not finished draining by
   * then exits anyway (core/lifecycle.ts); the cluster's primary kills workers still there 1 s later.
   */
  shutdownTimeoutMs: number;
  /**
   * DRAIN_DELAY_MS (5000; 0 under NODE_ENV development/test): how long a draining process, which
   * has stopped listening, keeps its open keep-alive connections, answering on them with
   * Connection: close, before it closes the ones still idle. It must be longer than the proxy's
   * upstream keepalive_timeout, so the proxy retires its idle connections itself (see
   * core/lifecycle.ts); shorter than SHUTDOWN_TIMEOUT_MS.
   */
  drainDelayMs: number;
  /**
   * LOG_REQUEST_SAMPLE (0–1; 0.01 with NODE_ENV=production, else 1): the share of requests that
   * get a completion log line. Server errors (5xx) and requests slower than LOG_SLOW_MS (1000)
   * are always logged.
   */
  logRequestSample: number;
  logSlowMs: number;
  /** NODE_ENV=test: routes only tests use (core/test-routes.ts) are registered. */
  testRoutes: boolean;
  /** METRICS_TOKEN: GET /metrics also answers `Authorization: Bearer <token>` from anywhere (core/metrics-route.ts). */
  metricsToken?: string;
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
    pg: parsePgSettings(env),
    ...parseShutdown(env),
    logRequestSample: parseFraction("LOG_REQUEST_SAMPLE", env.LOG_REQUEST_SAMPLE, env.NODE_ENV === "production" ? 0.01 : 1),
    logSlowMs: parseMilliseconds("LOG_SLOW_MS", env.LOG_SLOW_MS, 1000),
    testRoutes: env.NODE_ENV === "test",
    metricsToken: env.METRICS_TOKEN || undefined,
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

/** A whole number of milliseconds ≥ 0; unset → the default. */
export function parseMilliseconds(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0) throw new Error(`${name} 无效：${value}（不小于 0 的毫秒数）`);
  return ms;
}

/** A share between 0 and 1; unset → the default. */
export function parseFraction(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const share = Number(value);
  if (!Number.isFinite(share) || share < 0 || share > 1) throw new Error(`${name} 无效：${value}（0 到 1 之间的小数）`);
  return share;
}

/** DB_*: the PostgreSQL pool and its timeouts (see AppConfig.pg). */
export function parsePgSettings(env: NodeJS.ProcessEnv): PgSettings {
  const defaults = DEFAULT_PG_SETTINGS;
  const statementTimeoutMs = parseMilliseconds("DB_STATEMENT_TIMEOUT_MS", env.DB_STATEMENT_TIMEOUT_MS, defaults.statementTimeoutMs);
  const poolMax = Number(env.DB_POOL_MAX || defaults.poolMax);
  if (!Number.isInteger(poolMax) || poolMax < 1 || poolMax > 1000) throw new Error(`DB_POOL_MAX 无效：${env.DB_POOL_MAX}（1–1000）`);
  return {
    poolMax,
    connectTimeoutMs: parseMilliseconds("DB_CONNECT_TIMEOUT_MS", env.DB_CONNECT_TIMEOUT_MS, defaults.connectTimeoutMs),
    statementTimeoutMs,
    idleInTransactionTimeoutMs: parseMilliseconds("DB_IDLE_IN_TRANSACTION_TIMEOUT_MS", env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS, defaults.idleInTransactionTimeoutMs),
    // The server's own cancel comes first; the client's deadline catches what it cannot see (a stall).
    queryTimeoutMs: parseMilliseconds("DB_QUERY_TIMEOUT_MS", env.DB_QUERY_TIMEOUT_MS, statementTimeoutMs > 0 ? statementTimeoutMs + 1000 : 0),
    applicationName: env.DB_APPLICATION_NAME || defaults.applicationName,
  };
}

/** SHUTDOWN_TIMEOUT_MS and DRAIN_DELAY_MS (see AppConfig); the drain must end before the deadline. */
export function parseShutdown(env: NodeJS.ProcessEnv): { shutdownTimeoutMs: number; drainDelayMs: number } {
  const shutdownTimeoutMs = parseMilliseconds("SHUTDOWN_TIMEOUT_MS", env.SHUTDOWN_TIMEOUT_MS, 10_000);
  // Unset, the delay leaves at least half the deadline to the requests in flight.
  const drainDelayMs = parseMilliseconds("DRAIN_DELAY_MS", env.DRAIN_DELAY_MS, isDevelopmentMode(env.NODE_ENV) ? 0 : Math.min(5000, Math.floor(shutdownTimeoutMs / 2)));
  if (drainDelayMs >= shutdownTimeoutMs) {
    throw new Error(`DRAIN_DELAY_MS（${drainDelayMs}）必须小于 SHUTDOWN_TIMEOUT_MS（${shutdownTimeoutMs}）：排空之后还要留时间完成进行中的请求`);
  }
  return { shutdownTimeoutMs, drainDelayMs };
}
