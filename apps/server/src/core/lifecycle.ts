import net from "node:net";
import type { FastifyInstance } from "fastify";
import { Code } from "@shop/contract/codes";
import { envelope } from "./envelope.ts";

declare module "fastify" {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/** What a request reaching a closing server is answered (HTTP 503, with Connection: close). */
export const RESTARTING_MESSAGE = "服务正在重启，请稍后重试";

/**
 * The stages of one server process, and what modules do when it starts draining. Modules register
 * with `app.lifecycle.onDrain(callback)` (the chat tells its sockets to reconnect elsewhere).
 *
 * - serving: the normal state.
 * - draining (after SIGTERM/SIGINT): /readyz answers 503, every response carries
 *   `Connection: close`, the port no longer listens but open connections are served (see drainThenExit).
 * - closing (app.close() has begun): requests that still arrive get the 503 envelope.
 */
export class Lifecycle {
  private state: "serving" | "draining" | "closing" = "serving";
  private readonly drainCallbacks: Array<() => void | Promise<void>> = [];

  get draining(): boolean {
    return this.state !== "serving";
  }

  get closing(): boolean {
    return this.state === "closing";
  }

  onDrain(callback: () => void | Promise<void>): void {
    this.drainCallbacks.push(callback);
  }

  /** Starts draining (once) and runs the callbacks; a failing one is logged, the others still run. */
  async startDraining(log: { error(details: object, message: string): void }): Promise<void> {
    if (this.state !== "serving") return;
    this.state = "draining";
    await Promise.all(
      this.drainCallbacks.map(async (callback) => {
        try {
          await callback();
        } catch (error) {
          log.error({ err: error }, "drain callback failed");
        }
      }),
    );
  }

  markClosing(): void {
    this.state = "closing";
  }
}

/**
 * Installs the lifecycle on the app: the decoration, and a first onRequest hook that answers a
 * closing server's requests with the envelope (never Fastify's own 503 body: the app is built with
 * return503OnClosing false) and asks a draining server's clients to drop the connection after the
 * response. Fastify marks itself closing when app.close() begins; so does the preClose hook here.
 */
export function registerLifecycle(app: FastifyInstance): Lifecycle {
  const lifecycle = new Lifecycle();
  app.decorate("lifecycle", lifecycle);
  app.addHook("preClose", async () => lifecycle.markClosing());
  app.addHook("onRequest", async (request, reply) => {
    if (!lifecycle.draining) return;
    // A websocket opened now would only be closed again: the client reconnects to another instance.
    const upgrade = request.headers.upgrade?.toLowerCase() === "websocket";
    if (lifecycle.closing || upgrade) {
      // An upgrade request's socket was handed over by Node's HTTP server, which no longer ends
      // it after the response: ended here, or it would hold the close until the client leaves.
      if (upgrade) reply.raw.once("finish", () => request.raw.socket.end(() => request.raw.socket.destroy()));
      return reply.status(503).header("retry-after", "1").send(envelope(Code.UNKNOWN, RESTARTING_MESSAGE, null));
    }
  });
  // Node closes the connection after a response carrying this header: a proxy's kept-alive
  // connection is retired by an answer rather than cut while a request may be on its way. Set
  // when the response is sent, so requests that began before the drain get it too.
  app.addHook("onSend", async (_request, reply) => {
    if (lifecycle.draining) reply.header("connection", "close");
  });
  return lifecycle;
}

export interface DrainOptions {
  /** DRAIN_DELAY_MS: longest wait for the proxy to retire its kept-alive connections before the server closes. */
  drainDelayMs: number;
  /** SHUTDOWN_TIMEOUT_MS: the process exits by then, whatever is still running. */
  shutdownTimeoutMs: number;
  /** Called to end the process (tests pass their own). */
  exit?: (code: number) => void;
}

/**
 * SIGTERM/SIGINT of a server process (single or cluster worker), in this order:
 *
 * 1. Draining: /readyz turns 503 at once; the drain callbacks run (chat sockets close with 1012 and
 *    reconnect elsewhere); every response from now on says `Connection: close`.
 * 2. Stop accepting: the port stops listening at once, but the open connections are left alone. A
 *    refused connect is always safe — nginx tries the next upstream, POSTs included, since nothing
 *    was sent — whereas a request that reaches a server about to close (or an idle kept-alive
 *    connection closed just as nginx sends on it) would be lost: nginx never replays a POST it sent.
 * 3. Wait up to DRAIN_DELAY_MS, ending early once no connection is open. Requests on the open
 *    connections are answered normally, each with Connection: close, so every connection that is
 *    used ends after its answer; one that stays idle is closed by the proxy itself once its upstream
 *    keepalive_timeout (set shorter than DRAIN_DELAY_MS) passes.
 * 4. app.close(): connections still idle are closed, requests in flight finish (anything arriving on
 *    a connection now gets the 503 envelope), then the job runner, Redis and the database close.
 * 5. Exit 0; or exit 1 at SHUTDOWN_TIMEOUT_MS if something still hangs.
 *
 * Load balancers that poll /readyz on a kept-alive connection see 503; on a new one, a refused
 * connect: either takes this instance out.
 */
export async function drainThenExit(app: FastifyInstance, options: DrainOptions): Promise<void> {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const started = Date.now();
  const deadline = setTimeout(() => {
    app.log.error(`未能在 ${options.shutdownTimeoutMs} 毫秒内完成关闭，强制退出`);
    exit(1);
  }, options.shutdownTimeoutMs);
  await app.lifecycle.startDraining(app.log);
  stopAccepting(app.server);
  app.log.info("已停止接受新连接，等待已有连接结束");
  await waitForIdleServer(app, options.drainDelayMs);
  app.log.info(`排空 ${Date.now() - started} 毫秒，关闭服务`);
  try {
    await app.close();
  } catch (error) {
    app.log.error({ err: error }, "close failed");
  }
  clearTimeout(deadline);
  exit(0);
}

/**
 * Closes the listening socket only. http.Server#close would also close every idle kept-alive
 * connection at once (Node ≥ 19), which is the race step 2 avoids; net.Server#close does not. A
 * cluster worker leaves the primary's round robin the same way. Fastify's own close later finds the
 * server not listening and goes on (it ignores ERR_SERVER_NOT_RUNNING).
 */
function stopAccepting(server: net.Server): void {
  if (server.listening) net.Server.prototype.close.call(server);
}

/** Resolves once the server has no open connection, or after `maxMs`. */
function waitForIdleServer(app: FastifyInstance, maxMs: number): Promise<void> {
  return new Promise((resolve) => {
    const started = Date.now();
    const check = () => {
      app.server.getConnections((error, count) => {
        if (error || count === 0 || Date.now() - started >= maxMs) return resolve();
        setTimeout(check, Math.min(100, Math.max(1, maxMs - (Date.now() - started))));
      });
    };
    check();
  });
}
