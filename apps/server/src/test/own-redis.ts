import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { probeRedis } from "../core/redis.ts";
import { requiredService, type RequiredService } from "./services.ts";
import { freePort } from "./shop-process.ts";

/**
 * A redis-server of the test's own on a free port, for fault tests: stalled (SIGSTOP / SIGCONT),
 * stopped and started again on the same port. Never the machine's shared Redis. In-memory only
 * (no save, no append-only file), so a restart comes back empty, as a Redis that lost its data.
 */
export const REDIS_SERVER_BINARY = process.env.REDIS_SERVER_BIN || "redis-server";

/** Whether the binary runs here: skipped off CI without it, a failure under CI=true. */
export function redisServerBinary(): RequiredService {
  const found = spawnSync(REDIS_SERVER_BINARY, ["--version"], { stdio: "ignore" }).status === 0;
  return requiredService("redis-server", found, `${REDIS_SERVER_BINARY} is not installed (apt-get install redis-server)`);
}

export class OwnRedis {
  private child?: ChildProcess;
  private exited?: Promise<void>;

  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort());
    await redis.restart();
    return redis;
  }

  /** Starts the server (again, on the same port) and resolves once it answers PING. */
  async restart(): Promise<void> {
    if (this.child) throw new Error("redis-server is already running");
    const child = spawn(REDIS_SERVER_BINARY, ["--port", String(this.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    this.child = child;
    this.exited = new Promise((resolve) => child.once("exit", () => resolve()));
    const deadline = Date.now() + 10_000;
    while (!(await probeRedis(this.url, 300))) {
      if (child.exitCode !== null) throw new Error(`redis-server on ${this.port} exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error(`redis-server on ${this.port} did not answer in time`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Kills it (as a crash would) and waits for the exit. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGCONT"); // a stalled server must run to die
      child.kill("SIGKILL");
    }
    await this.exited;
  }

  /** Stalls it: the socket stays open, nothing is answered (a hung or overloaded Redis). */
  pause(): void {
    this.child?.kill("SIGSTOP");
  }

  resume(): void {
    this.child?.kill("SIGCONT");
  }
}
