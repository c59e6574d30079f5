import crypto from "node:crypto";
import net from "node:net";
import { beforeAll, describe, expect, it, vi } from "vitest";
import Fastify from "fastify";
import { startTestApp } from "../test/harness.ts";
import { requiredService } from "../test/services.ts";
import { closeRedis, connectRedis, createRedis, openRedis, probeRedis, runScript } from "./redis.ts";

/** A local port nobody listens on: Redis there is "down" (connection refused at once). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("Redis connection when Redis is down", () => {
  it("warns once per outage however often it reconnects, and fails commands at once", async () => {
    const log = { warn: vi.fn(), info: vi.fn() };
    const client = createRedis(`redis://127.0.0.1:${await closedPort()}`, log);
    try {
      expect(await connectRedis(client, 1000)).toBe(false);
      await sleep(800); // reconnect attempts after 200 and 400 ms, refused too
      expect(log.warn).toHaveBeenCalledTimes(1);
      expect(log.warn.mock.calls[0]?.[1]).toMatch(/Redis unavailable/);

      const started = Date.now();
      await expect(client.incr("anything")).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(200); // no waiting in an offline queue
    } finally {
      await closeRedis(client);
    }
  });

  it("still starts the shop, whose rate-limited routes then count in the process (the limits hold)", async () => {
    const started = Date.now();
    const t = await startTestApp({ config: { redisUrl: `redis://127.0.0.1:${await closedPort()}` } });
    try {
      expect(Date.now() - started).toBeLessThan(10_000);
      const codes: number[] = [];
      for (let i = 0; i < 12; i++) {
        const response = await t.request("/api/login/login", { username: "nobody", password: "x", captcha_id: "x", captcha_code: "x" }, { ip: "192.0.2.40" });
        expect(response.status).toBe(200);
        codes.push(response.body.code);
      }
      // As with Redis: the 11th is limited (-10029), and never the "system busy" (-10005) of an unexpected error.
      expect(codes).toEqual([...Array(10).fill(-1), -10029, -10029]);
    } finally {
      await t.close();
    }
  });

  it("probes as unreachable", async () => {
    expect(await probeRedis(`redis://127.0.0.1:${await closedPort()}`, 500)).toBe(false);
  });
});

// Needs a Redis (REDIS_URL, else 127.0.0.1:6379): skipped without one, a failure under CI=true.
const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const redis = requiredService("Redis", await probeRedis(redisUrl), `no Redis answers at ${redisUrl} (set REDIS_URL)`);

describe.skipIf(redis.skip)(`Redis connection with a live Redis${redis.note}`, () => {
  beforeAll(() => redis.require());
  it("connects when the app is built and closes with the app", async () => {
    const app = Fastify({ logger: false });
    const client = await openRedis(app, redisUrl);
    expect(client.status).toBe("ready");
    expect(await client.ping()).toBe("PONG");
    await app.close();
    await sleep(50); // "end" follows the socket's close event
    expect(client.status).toBe("end");
  });

  it("runs a Lua script by its SHA1, loading it on the first call (NOSCRIPT) and sending only the SHA after", async () => {
    const client = createRedis(redisUrl, { warn: vi.fn(), info: vi.fn() });
    expect(await connectRedis(client)).toBe(true);
    try {
      // A script this Redis has never seen: the text carries a random comment.
      const script = `-- ${crypto.randomUUID()}\nreturn tonumber(ARGV[1]) + 1`;
      const sha = crypto.createHash("sha1").update(script).digest("hex");
      expect(await client.script("EXISTS", sha)).toEqual([0]);
      expect(await runScript(client, script, 0, 41)).toBe(42);
      expect(await client.script("EXISTS", sha)).toEqual([1]);
      const sent: string[] = [];
      const original = client.sendCommand.bind(client);
      client.sendCommand = ((command: { name: string }) => {
        sent.push(command.name);
        return original(command as never);
      }) as typeof client.sendCommand;
      expect(await runScript(client, script, 0, 1)).toBe(2);
      expect(sent).toEqual(["evalsha"]);
    } finally {
      await closeRedis(client);
    }
  });
});
