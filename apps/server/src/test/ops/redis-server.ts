import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { freePort } from "../shop-process.ts";

/**
 * A redis-server of the proof's own on a free loopback port (never the machine's shared one), that
 * the proof stops, starts again on the same port, and stalls (SIGSTOP) — the faults an operator
 * meets: a restart, a crash, a frozen host.
 */
export const REDIS_BINARY = "redis-server";

export class ProofRedis {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();

  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<ProofRedis> {
    const redis = new ProofRedis(await freePort());
    await redis.startAgain();
    return redis;
  }

  /** Starts (again) on the same port and resolves once it answers PING. */
  async startAgain(): Promise<void> {
    const child = spawn(REDIS_BINARY, ["--port", String(this.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    this.child = child;
    this.exited = new Promise((resolve) => child.once("exit", () => resolve()));
    const deadline = Date.now() + 10_000;
    while (!(await this.answersPing())) {
      if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode} (port ${this.port})`);
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on ${this.port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Kills it (SIGKILL: its keys are gone, as after a crash of a Redis without persistence). */
  async stop(): Promise<void> {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill("SIGCONT");
      this.child.kill("SIGKILL");
    }
    await this.exited;
  }

  /** Freezes it: connections stay open, nothing answers. */
  stall(): void {
    this.child?.kill("SIGSTOP");
  }

  resume(): void {
    this.child?.kill("SIGCONT");
  }

  private answersPing(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = net.connect(this.port, "127.0.0.1");
      socket.setTimeout(500, () => {
        socket.destroy();
        resolve(false);
      });
      socket.once("error", () => resolve(false));
      socket.once("connect", () => socket.write("PING\r\n"));
      socket.once("data", (data) => {
        socket.destroy();
        resolve(String(data).startsWith("+PONG"));
      });
    });
  }
}
