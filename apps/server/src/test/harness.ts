import os from "node:os";
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Envelope } from "@shop/contract";
import type { DestinationStream } from "pino";
import { loadConfig, type AppConfig } from "../config.ts";
import { buildApp } from "../app.ts";
import { ensurePgSchema, dropPgSchema } from "../db/connect.ts";
import { seedIfEmpty } from "../seed/index.ts";

/**
 * API tests run against SQLite by default and against PostgreSQL when TEST_DATABASE_URL is set
 * (npm test runs the suite twice). Each test app gets its own database (a temp file or a
 * fresh PostgreSQL schema) and is torn down by `close()`.
 */
export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  /** POSTs JSON to a path and returns the envelope. */
  call<T = unknown>(path: string, body?: unknown, options?: CallOptions): Promise<Envelope<T>>;
  /** Like call, but also returns the response (headers, cookies). */
  request<T = unknown>(path: string, body?: unknown, options?: CallOptions): Promise<{ status: number; body: Envelope<T>; headers: Record<string, unknown>; cookies: Array<{ name: string; value: string }> }>;
  close(): Promise<void>;
}

export interface CallOptions {
  token?: string;
  cookie?: string;
  ip?: string;
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface TestAppOptions {
  /** Seed the demo catalog (small size) first. */
  seed?: boolean | number;
  config?: Partial<AppConfig>;
  /** Where the app's log lines go (a test reads them; set config.logLevel too, tests default to silent). */
  logStream?: DestinationStream;
}

export const usingPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-"));
  const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
  const pgSchema = databaseUrl ? `t_${crypto.randomBytes(6).toString("hex")}` : undefined;
  if (databaseUrl && pgSchema) await ensurePgSchema(databaseUrl, pgSchema);
  const config = loadConfig(
    // The test mode of the shop (captcha codes a test can set, the sandbox gateway, SMS codes in the log).
    { NODE_ENV: "test" },
    // Caches off unless a test turns them on: most tests write fixtures straight into the database.
    { dataDir, databaseUrl, pgSchema, serveWeb: false, autoSeed: false, logLevel: "silent", jobIntervalMs: 0, pageCache: false, dataCache: false, ...options.config },
  );
  const app = await buildApp(config, undefined, { logStream: options.logStream });
  if (options.seed) {
    await seedIfEmpty(app.deps, { skus: typeof options.seed === "number" ? options.seed : 200, log: () => {} });
  }

  const request: TestApp["request"] = async (apiPath, body = {}, callOptions = {}) => {
    const payload = callOptions.rawBody ?? JSON.stringify(callOptions.token ? { ...(body as object), token: callOptions.token } : body);
    const response = await app.inject({
      method: "POST",
      url: apiPath,
      payload,
      remoteAddress: callOptions.ip,
      headers: {
        "content-type": "application/json",
        ...(callOptions.cookie ? { cookie: callOptions.cookie } : {}),
        ...callOptions.headers,
      },
    });
    return {
      status: response.statusCode,
      body: response.json(),
      headers: response.headers,
      cookies: response.cookies.map((cookie) => ({ name: cookie.name, value: cookie.value })),
    };
  };

  return {
    app,
    config,
    request,
    async call(apiPath, body, callOptions) {
      return (await request(apiPath, body, callOptions)).body as never;
    },
    async close() {
      await app.close();
      if (databaseUrl && pgSchema) await dropPgSchema(databaseUrl, pgSchema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
