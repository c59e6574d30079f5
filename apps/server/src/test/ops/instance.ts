import { spawn, type ChildProcess } from "node:child_process";
import { REPO_ROOT } from "../../config.ts";
import { freePort } from "../shop-process.ts";

/**
 * One shop instance of the proofs: a real `apps/server/src/main.ts` process on a port it keeps
 * across restarts (nginx's upstream list names it). It remembers its output (the lines an
 * unexpected exit is explained by) and every exit the proof did not cause.
 */
export interface UnexpectedExit {
  instance: string;
  code: number | null;
  signal: string | null;
  at: number;
  lastLines: string[];
}

export interface ReadyProbe {
  ok: boolean;
  /** "readyz" when GET /readyz answered; "site-status" while the shop has no /readyz (404) */
  via: "readyz" | "site-status" | "none";
  status: number;
  body: string;
}

const KEPT_LINES = 200;

export class ShopInstance {
  private child: ChildProcess | undefined;
  private exitedPromise: Promise<void> = Promise.resolve();
  private expectingExit = false;
  readonly lines: string[] = [];
  readonly unexpectedExits: UnexpectedExit[] = [];
  /** how long the last start took until ready, ms */
  lastStartMs = 0;
  /** true once GET /readyz answered 404 (the shop has none yet): readiness falls back to /api/site/status */
  readyzMissing = false;

  private constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  static async create(name: string, env: NodeJS.ProcessEnv): Promise<ShopInstance> {
    return new ShopInstance(name, await freePort(), env);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.running ? this.child?.pid : undefined;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the process (extra env for this start only, e.g. AUTO_SEED) and waits until it is ready. */
  async start(extraEnv: NodeJS.ProcessEnv = {}, timeoutMs = 120_000): Promise<void> {
    this.expectingExit = false;
    const started = Date.now();
    const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...this.env, ...extraEnv, HOST: "127.0.0.1", PORT: String(this.port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    for (const stream of [child.stdout!, child.stderr!]) {
      let partial = "";
      stream.on("data", (chunk: Buffer) => {
        const text = partial + chunk.toString("utf8");
        const complete = text.split("\n");
        partial = complete.pop() ?? "";
        for (const line of complete) this.remember(line);
      });
    }
    this.exitedPromise = new Promise((resolve) =>
      child.once("exit", (code, signal) => {
        if (!this.expectingExit) {
          this.unexpectedExits.push({ instance: this.name, code, signal, at: Date.now(), lastLines: this.lines.slice(-25) });
        }
        resolve();
      }),
    );
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.running) throw new Error(`${this.name} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${this.lines.slice(-25).join("\n")}`);
      if ((await this.probe()).ok) {
        this.lastStartMs = Date.now() - started;
        return;
      }
      if (Date.now() > deadline) throw new Error(`${this.name} was not ready within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** GET /readyz (or, without one, POST /api/site/status) straight to this instance, 1 s deadline. */
  async probe(): Promise<ReadyProbe> {
    const signal = AbortSignal.timeout(1000);
    try {
      if (!this.readyzMissing) {
        const response = await fetch(`${this.url}/readyz`, { signal });
        const body = await response.text();
        if (response.status !== 404) return { ok: response.status === 200, via: "readyz", status: response.status, body };
        this.readyzMissing = true;
      }
      const response = await fetch(`${this.url}/api/site/status`, { method: "POST", signal });
      const body = await response.text();
      return { ok: response.ok && /"code":0/.test(body), via: "site-status", status: response.status, body };
    } catch (error) {
      return { ok: false, via: "none", status: 0, body: String((error as Error).cause ?? error) };
    }
  }

  /** Polls until ready (deadline → false); answers how long it took. */
  async waitReady(timeoutMs: number): Promise<{ ready: boolean; ms: number }> {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      if ((await this.probe()).ok) return { ready: true, ms: Date.now() - started };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { ready: false, ms: Date.now() - started };
  }

  /** SIGKILL (a crash), waits for the exit. */
  async kill(): Promise<void> {
    this.expectingExit = true;
    this.child?.kill("SIGKILL");
    await this.exitedPromise;
  }

  /** SIGTERM (a deploy's restart), waits for the exit; answers the exit code and how long it took. */
  async terminate(): Promise<{ code: number | null; ms: number }> {
    const started = Date.now();
    this.expectingExit = true;
    this.child?.kill("SIGTERM");
    await this.exitedPromise;
    return { code: this.child?.exitCode ?? null, ms: Date.now() - started };
  }

  /** End of a proof: SIGTERM, then SIGKILL after 15 s. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.expectingExit = true;
    this.child!.kill("SIGTERM");
    const timer = setTimeout(() => this.child?.kill("SIGKILL"), 15_000);
    await this.exitedPromise;
    clearTimeout(timer);
  }

  private remember(line: string): void {
    this.lines.push(line);
    if (this.lines.length > KEPT_LINES * 2) this.lines.splice(0, this.lines.length - KEPT_LINES);
  }
}
