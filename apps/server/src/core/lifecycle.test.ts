import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startTestApp, usingPostgres, type TestApp } from "../test/harness.ts";
import { RawConnection } from "../test/raw-http.ts";
import { CHAT_SOCKET_PATH } from "@shop/contract/domains/chat";
import { upgradeStatus } from "../modules/chat/testing.ts";
import { drainThenExit, Lifecycle, RESTARTING_MESSAGE } from "./lifecycle.ts";

/** Held requests still waiting: released after each test, so a failed one does not hang the app's close. */
const stillHeld: Array<() => void> = [];

/** A request held open by the test: `started` resolves once its handler runs, `release()` lets it answer. */
function heldRoute(t: TestApp, path: string) {
  let markStarted!: () => void;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  stillHeld.push(release);
  t.app.get(path, async () => {
    markStarted();
    await released;
    return { held: "done" };
  });
  return { started, release };
}

async function listening(t: TestApp): Promise<number> {
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  return (t.app.server.address() as AddressInfo).port;
}

/** Resolves with the exit code drainThenExit asked for, and when. */
function exitRecorder() {
  let record!: (code: number) => void;
  const exited = new Promise<{ code: number; at: number }>((resolve) => (record = (code) => resolve({ code, at: Date.now() })));
  return { exit: record, exited };
}

describe(`draining a server (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    for (const release of stillHeld.splice(0)) release();
    await t?.close().catch(() => {});
    t = undefined;
  });

  it("flips readiness, stops listening, answers kept-alive connections with Connection: close, lets the request in flight finish, ends early once no connection is left", async () => {
    t = await startTestApp();
    const held = heldRoute(t, "/__t/held");
    const drained: string[] = [];
    t.app.lifecycle.onDrain(() => void drained.push("first"));
    t.app.lifecycle.onDrain(() => {
      throw new Error("a failing callback does not stop the others");
    });
    t.app.lifecycle.onDrain(async () => void drained.push("third"));
    const port = await listening(t);

    const keptAlive = await RawConnection.open(port);
    expect((await keptAlive.get("/healthz")).headers.connection).not.toBe("close");
    const inFlight = await RawConnection.open(port);
    inFlight.write("GET /__t/held HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    await held.started;

    // A balancer's health check on a kept-alive connection of its own.
    const probe = await RawConnection.open(port);
    expect((await probe.get("/readyz")).status).toBe(200);

    const { exit, exited } = exitRecorder();
    const signalled = Date.now();
    void drainThenExit(t.app, { drainDelayMs: 8000, shutdownTimeoutMs: 9000, exit });

    // The port stopped listening at once: a new connect is refused (a proxy sends it elsewhere).
    await expect(RawConnection.open(port)).rejects.toThrow(/ECONNREFUSED/);
    const ready = await probe.get("/readyz");
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({ status: "not_ready", checks: { draining: "yes" } });
    expect(ready.headers.connection).toBe("close");
    expect(await probe.closed()).toBe("end");
    expect(drained).toEqual(["first", "third"]);

    // The idle kept-alive connection was left open; used now, it is answered and then closed cleanly.
    const answer = await keptAlive.get("/healthz");
    expect(answer).toMatchObject({ status: 200, headers: expect.objectContaining({ connection: "close" }) });
    expect(await keptAlive.closed()).toBe("end");

    held.release();
    const finished = await inFlight.response();
    expect(finished.status).toBe(200);
    expect(JSON.parse(finished.body)).toEqual({ held: "done" });
    expect(finished.headers.connection).toBe("close");

    // No connection left: the drain does not wait out its 8 s.
    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - signalled).toBeLessThan(5000);
    await expect(RawConnection.open(port)).rejects.toThrow(/ECONNREFUSED/);
    t = undefined; // closed by the drain
  });

  it("answers a request arriving while the app closes with the 503 envelope and Connection: close, never Fastify's own body", async () => {
    t = await startTestApp();
    const held = heldRoute(t, "/__t/held");
    const port = await listening(t);
    // One request in flight keeps the close waiting; another connection has begun a request.
    const inFlight = await RawConnection.open(port);
    inFlight.write("GET /__t/held HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    await held.started;
    const late = await RawConnection.open(port);
    late.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-Id: late-1\r\n");

    const closed = t.app.close();
    late.write("\r\n");
    const answer = await late.response();
    expect(answer.status).toBe(503);
    expect(answer.headers.connection).toBe("close");
    expect(answer.headers["x-request-id"]).toBe("late-1");
    expect(JSON.parse(answer.body)).toMatchObject({ code: -10005, message: RESTARTING_MESSAGE, data: null });

    held.release();
    expect((await inFlight.response()).status).toBe(200);
    await closed;
    t = undefined;
  });

  it("answers a closing server's requests with the envelope, and refuses websocket upgrades while draining", async () => {
    t = await startTestApp();
    const port = await listening(t);
    await t.app.lifecycle.startDraining(t.app.log);
    // A real upgrade, refused before the chat even looks at the session.
    expect(await upgradeStatus(`ws://127.0.0.1:${port}`, CHAT_SOCKET_PATH)).toBe(503);
    const upgrade = await t.app.inject({ method: "GET", url: CHAT_SOCKET_PATH, headers: { connection: "upgrade", upgrade: "websocket" } });
    expect(upgrade.statusCode).toBe(503);
    expect(upgrade.json()).toMatchObject({ code: -10005, message: RESTARTING_MESSAGE });
    t.app.lifecycle.markClosing();
    const response = await t.request("/api/site/status");
    expect(response.status).toBe(503);
    expect(response.headers.connection).toBe("close");
    expect(response.body).toMatchObject({ code: -10005, message: RESTARTING_MESSAGE });
  });

  it("exits with 1 at SHUTDOWN_TIMEOUT_MS when a request never finishes", async () => {
    t = await startTestApp();
    const held = heldRoute(t, "/__t/held");
    const port = await listening(t);
    const stuck = await RawConnection.open(port);
    stuck.write("GET /__t/held HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    await held.started;
    const { exit, exited } = exitRecorder();
    const signalled = Date.now();
    void drainThenExit(t.app, { drainDelayMs: 200, shutdownTimeoutMs: 1500, exit });
    const { code, at } = await exited;
    expect(code).toBe(1);
    // Timers may fire a millisecond before Date.now() shows the full delay.
    expect(at - signalled).toBeGreaterThanOrEqual(1490);
    expect(at - signalled).toBeLessThan(3000);
    held.release();
    stuck.destroy();
  });
});

describe("Lifecycle", () => {
  it("drains once however often it is asked", async () => {
    const lifecycle = new Lifecycle();
    let calls = 0;
    lifecycle.onDrain(() => void (calls += 1));
    const log = { error: () => {} };
    await Promise.all([lifecycle.startDraining(log), lifecycle.startDraining(log)]);
    expect(calls).toBe(1);
    expect(lifecycle.draining).toBe(true);
    expect(lifecycle.closing).toBe(false);
  });
});
