import { EventEmitter } from "node:events";
import type { Command, Redis } from "ioredis";
import { ReplyError } from "ioredis";

/**
 * The circuit breaker every Redis client of the app goes through (createRedis in redis.ts wraps the
 * client's sendCommand, the one place all its commands pass, pipelines and scripts included).
 *
 * A connection that is down already fails commands at once (enableOfflineQueue off), but a Redis that
 * stalls (a paused process, a full network buffer) keeps the socket open and answers nothing: every
 * command would wait out REDIS_COMMAND_TIMEOUT_MS. So after one failure (a timeout, a connection
 * error; never a reply error such as NOSCRIPT, which proves Redis is there) commands are skipped for
 * `openMs`, failing at once with RedisSkippedError, and the callers take the fallback they already
 * have for a failing Redis. Then one command goes through as a probe: an answer closes the breaker,
 * a failure opens it again. While the connection is not "ready", ioredis decides alone (it fails
 * fast, or sends its handshake), and a fresh connection starts closed.
 *
 * An outage (breaker tripped, or the connection lost) is logged once, and its end once, with
 * "recovered" emitted (onRedisRecovered) for users that must repair what they missed (the chat).
 */

/** How long Redis is skipped after a failure before one probe command is let through. */
export const REDIS_BREAKER_OPEN_MS = 3000;

/** What a command skipped by an open breaker rejects with. */
export class RedisSkippedError extends Error {
  constructor() {
    super("Redis skipped: circuit breaker open after a failure");
    this.name = "RedisSkippedError";
  }
}

export interface BreakerLog {
  warn(object: object, message: string): void;
  info(message: string): void;
}

export interface BreakerOptions {
  /** names the client in log lines ("shared", "chat subscriber") */
  name: string;
  openMs?: number;
  /** the client's command timeout: a command that failed by it was sent this long before the failure showed */
  commandTimeoutMs?: number;
}

type BreakerState = "closed" | "open" | "probing";

class RedisBreaker extends EventEmitter {
  state: BreakerState = "closed";
  /** when an open breaker lets its probe through */
  private retryAt = 0;
  /** inside an outage (logged once) */
  down = false;
  /** when the latest outage began (ms): Redis was known good for this client until then */
  outageStartedAt?: number;

  constructor(
    private readonly client: Redis,
    private readonly log: BreakerLog,
    private readonly options: BreakerOptions,
  ) {
    super();
  }

  /** Whether this command may go to Redis now (the one that finds an open breaker due becomes the probe). */
  admit(): boolean {
    if (this.client.status !== "ready" || this.state === "closed") return true;
    if (this.state === "probing" || Date.now() < this.retryAt) return false;
    this.state = "probing";
    return true;
  }

  succeeded(): void {
    this.state = "closed";
    this.recovered();
  }

  failed(error: unknown): void {
    if (error instanceof ReplyError || error instanceof RedisSkippedError) {
      // Redis answered (with an error of the command's own): it is there.
      if (error instanceof ReplyError) this.succeeded();
      return;
    }
    this.state = "open";
    this.retryAt = Date.now() + (this.options.openMs ?? REDIS_BREAKER_OPEN_MS);
    this.outage(error);
  }

  /** The connection dropped or cannot be made: ioredis fails commands by itself until it is back. */
  connectionLost(error?: unknown): void {
    this.state = "closed";
    this.outage(error ?? new Error("connection lost"));
  }

  /** A new connection is ready (handshake answered, channels re-subscribed). */
  connectionReady(): void {
    this.state = "closed";
    this.recovered();
  }

  private outage(error: unknown): void {
    if (this.down) return;
    this.down = true;
    // The earliest command lost to this outage was sent at most one command timeout before it showed
    // (a lost connection shows at once; a stall, when the first command times out).
    this.outageStartedAt = Date.now() - (this.options.commandTimeoutMs ?? 0);
    this.log.warn({ err: error, redis: this.options.name }, `Redis unavailable (${this.options.name} client): skipped, its users fall back, until it answers again`);
  }

  private recovered(): void {
    if (!this.down) return;
    this.down = false;
    this.log.info(`Redis available again (${this.options.name} client)`);
    this.emit("recovered");
  }
}

const breakers = new WeakMap<Redis, RedisBreaker>();

/** Puts `client` behind a breaker (once); its sendCommand is wrapped, its connection events watched. */
export function guardRedis(client: Redis, log: BreakerLog, options: BreakerOptions): void {
  if (breakers.has(client)) return;
  const breaker = new RedisBreaker(client, log, options);
  breakers.set(client, breaker);
  // A pipeline's commands are written together once all were handed over: they pass or are skipped as one.
  const pipelineVerdicts = new WeakMap<object, boolean>();
  const send = client.sendCommand.bind(client);
  client.sendCommand = ((command: Command, stream?: { isPipeline?: boolean }) => {
    let admitted: boolean;
    if (stream?.isPipeline) {
      admitted = pipelineVerdicts.get(stream) ?? breaker.admit();
      pipelineVerdicts.set(stream, admitted);
    } else {
      admitted = breaker.admit();
    }
    if (!admitted) {
      command.reject(new RedisSkippedError());
      return command.promise;
    }
    const watched = client.status === "ready";
    const promise = send(command, stream as never) as Promise<unknown>;
    if (watched) {
      promise.then(
        () => breaker.succeeded(),
        (error: unknown) => breaker.failed(error),
      );
    }
    return promise;
  }) as typeof client.sendCommand;
  // "error" repeats on every failed reconnect, "reconnecting" follows any drop we did not ask for.
  client.on("error", (error: Error) => breaker.connectionLost(error));
  client.on("reconnecting", () => breaker.connectionLost());
  client.on("ready", () => breaker.connectionReady());
}

/**
 * Whether `client` is usable now: connected, and its breaker not skipping it (readyz, metrics).
 * false for a client never put behind a breaker only when it is not connected.
 */
export function redisAvailable(client: Redis): boolean {
  const breaker = breakers.get(client);
  return client.status === "ready" && (!breaker || breaker.state === "closed");
}

/** Calls `listener` each time `client` comes back after an outage (reconnected, or its breaker closed again). */
export function onRedisRecovered(client: Redis, listener: () => void): () => void {
  const breaker = breakers.get(client);
  if (!breaker) return () => {};
  breaker.on("recovered", listener);
  return () => breaker.off("recovered", listener);
}

/**
 * When the latest outage of `client` began (ms since the epoch; undefined before any): what it
 * sent from then until it recovered may have been lost (the chat catches up from there).
 */
export function redisOutageStartedAt(client: Redis): number | undefined {
  return breakers.get(client)?.outageStartedAt;
}

/** Whether an error only says Redis was unavailable or skipped (not worth a log line of its own: the outage is logged once). */
export function isRedisUnavailable(error: unknown): boolean {
  return error instanceof RedisSkippedError || (error instanceof Error && !(error instanceof ReplyError));
}
