import Fastify, { LogController, type FastifyInstance, type FastifyError } from "fastify";
import type { DestinationStream } from "pino";
import cookie from "@fastify/cookie";
import compress from "@fastify/compress";
import zlib from "node:zlib";
import { Code } from "@shop/contract/codes";
import type { AppConfig } from "./config.ts";
import { connect, withoutRequestTimeouts, type DbHandle } from "./db/connect.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { BizError } from "./core/errors.ts";
import { envelope } from "./core/envelope.ts";
import { createApi, type Api } from "./core/api.ts";
import { parseJsonBody } from "./core/json-body.ts";
import { originWarning } from "./core/origin.ts";
import type { AppDeps } from "./core/context.ts";
import { shopSmsProvider } from "./modules/auth/sms-settings.ts";
import { registerModules } from "./modules/index.ts";
import { registerFiles } from "./files.ts";
import { registerStorefront } from "./ssr/handler.ts";
import { registerConsole } from "./console/serve.ts";
import { siteClosedGuard } from "./modules/site/status.ts";
import { registerRobots } from "./modules/seo/robots.ts";
import { registerSecurityHeaders } from "./core/security-headers.ts";
import { rateLimitedAnswer, registerRateLimits } from "./core/rate-limits.ts";
import { JobRunner } from "./modules/jobs/runner.ts";
import { openRedis } from "./core/redis.ts";
import { createAppCache } from "./core/cache/app-cache.ts";
import { registerLifecycle } from "./core/lifecycle.ts";
import { registerHealth } from "./core/health.ts";
import { registerRequestLog, requestIdOf } from "./core/request-log.ts";
import { databaseUnavailableMessage, isDatabaseUnavailable } from "./core/database-faults.ts";
import { registerTestRoutes } from "./core/test-routes.ts";
import { registerMetrics } from "./core/metrics-route.ts";

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
    api: Api;
    /** The database connection (its pool's use: dbHandle.poolStats()). */
    dbHandle: DbHandle;
  }
}

export const API_NOT_FOUND = "接口不存在";

/** /api/…, /shopapi/… and add-on calls (/{addon}/api/…): the paths of the wire contract's calls. */
const API_PATH = /^\/(?:shopapi|(?:[\w-]+\/)?api)\//i;

export function looksLikeApiCall(url: string): boolean {
  return API_PATH.test(url);
}

/** JSON bodies above this are refused with -10006 (uploads go through multipart). */
const BODY_LIMIT = 256 * 1024;

export interface BuildOptions {
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
}

/** The app's own database connection, migrated (see migrate below). */
async function openDatabase(config: AppConfig, log: FastifyInstance["log"]): Promise<DbHandle> {
  const options = { databaseUrl: config.databaseUrl, pgSchema: config.pgSchema, sqliteFile: `${config.dataDir}/shop.sqlite`, log };
  if (!config.databaseUrl?.startsWith("postgres")) {
    const database = connect(options);
    await migrateToLatest(database.db as never, database.dialect);
    return database;
  }
  // A migration may rewrite a large table: it runs on a connection of its own, without the
  // statement and query timeouts that bound a shopper's request.
  const migrator = connect({ ...options, pg: { ...withoutRequestTimeouts(config.pg), poolMax: 1 } });
  try {
    await migrateToLatest(migrator.db as never, migrator.dialect);
  } finally {
    await migrator.close();
  }
  return connect({ ...options, pg: config.pg });
}

/**
 * Builds the whole server: API, files and (when built) the SSR storefront. Migrations run
 * here, so a fresh database is ready once this resolves.
 */
export async function buildApp(config: AppConfig, handle?: DbHandle, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    // The proxy's X-Request-Id when usable, else a new UUID (core/request-log.ts).
    genReqId: requestIdOf,
    requestIdHeader: false,
    // One completion line per request, sampled (core/request-log.ts), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // A request reaching a closing server gets our envelope (core/lifecycle.ts), not Fastify's body.
    return503OnClosing: false,
  });
  // First the id (echoed even on a closing server's 503), then the closing server's answer.
  registerRequestLog(app, { sample: config.logRequestSample, slowMs: config.logSlowMs });
  const lifecycle = registerLifecycle(app);

  let database: DbHandle;
  try {
    database = handle ?? (await openDatabase(config, app.log));
  } catch (error) {
    await app.close();
    throw error;
  }
  app.decorate("dbHandle", database);

  const originProblem = originWarning(config);
  if (originProblem) app.log.warn(originProblem);

  const redis = config.redisUrl ? await openRedis(app, config.redisUrl) : undefined;
  const deps: AppDeps = {
    db: database.db,
    dialect: database.dialect,
    config,
    sms: shopSmsProvider({ db: database.db, config }, (message) => app.log.info(message), !config.developmentMode),
    jobs: new JobRunner(database.db, app.log),
    cache: await createAppCache(app, database.db, config, redis),
    redis,
  };
  app.decorate("deps", deps);
  app.addHook("onReady", async () => deps.jobs.start(config.jobIntervalMs));
  // One hook, so the job runner has stopped before the database closes.
  app.addHook("onClose", async () => {
    await deps.jobs.stop();
    if (!handle) await database.close();
  });
  registerMetrics(app, database);

  // An empty POST body is an empty object; bad JSON, too deep or holding a NUL → -10006 (core/json-body.ts).
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, parseJsonBody((body as string | undefined) ?? ""));
    } catch (error) {
      done(error as BizError, undefined);
    }
  });

  await app.register(cookie);
  // Pages, JSON and uncompressed files, for clients that accept it (the built assets are served
  // pre-compressed: ssr/handler.ts). Brotli at quality 4: most of its gain for little CPU per page.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await registerSecurityHeaders(app);
  await registerRateLimits(app, config, redis);

  app.setErrorHandler((error: FastifyError | BizError, request, reply) => {
    if (error instanceof BizError) return reply.status(200).send(envelope(error.code, error.message, error.data));
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, "database unavailable");
      return reply.status(503).header("retry-after", "1").send(envelope(Code.UNKNOWN, databaseUnavailableMessage(request.id), null));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 429) return reply.status(request.method === "POST" && looksLikeApiCall(request.url) ? 200 : 429).send(rateLimitedAnswer(error));
    if (status === 413) return reply.status(200).send(envelope(Code.PARAM, "请求体过大", null));
    if (status === 415) return reply.status(200).send(envelope(Code.PARAM, "请求格式不支持，请使用 JSON", null));
    if (status >= 400 && status < 500) {
      return reply.status(200).send(envelope(Code.PARAM, "请求参数错误", null));
    }
    request.log.error({ err: error, reqId: request.id }, "unhandled error");
    return reply.status(500).send(envelope(Code.UNKNOWN, `系统繁忙，请稍后再试（请求编号 ${request.id}）`, null));
  });

  const api = createApi(app, deps, siteClosedGuard(deps.db));
  app.decorate("api", api);
  registerModules(api, app);
  await registerFiles(app, config);
  if (config.serveWeb) await registerStorefront(app);
  if (config.serveWeb) await registerConsole(app);

  app.get("/", (_request, reply) => reply.redirect("/web/"));
  registerRobots(app);
  registerHealth(app, () => ({ db: deps.db, dialect: deps.dialect, redis: deps.redis, lifecycle }));
  if (config.testRoutes) registerTestRoutes(app);

  app.setNotFoundHandler((request, reply) => {
    // Clients of the reference take any non-200 for a transport failure (an English toast): an
    // unknown call answers 200 with our message. Other methods and pages keep their 404.
    if (request.method === "POST" && looksLikeApiCall(request.url)) {
      return reply.status(200).send(envelope(Code.ERROR, API_NOT_FOUND, null));
    }
    if (request.method === "POST" || request.url.includes("/api/")) {
      return reply.status(404).send(envelope(Code.ERROR, API_NOT_FOUND, null));
    }
    return reply.status(404).type("text/plain; charset=utf-8").send("Not Found");
  });

  return app;
}
