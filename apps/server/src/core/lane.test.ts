import net from "node:net";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { Lane } from "./lane.ts";

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("Lane", () => {
  it("starts a piece only after the I/O already waiting: not within the caller's microtasks", async () => {
    const lane = new Lane(1);
    const order: string[] = [];
    const piece = lane.run(async () => order.push("piece"));
    // A reply already read off a socket would run in this turn's poll phase, before setImmediate.
    setTimeout(() => order.push("timer"), 0);
    for (let flush = 0; flush < 10; flush += 1) await Promise.resolve();
    expect(order).toEqual([]);
    await piece;
    expect(order).toContain("piece");
  });

  it("runs at most `atOnce` pieces at a time and all of them in the end, failures included", async () => {
    const lane = new Lane(3);
    let running = 0;
    let most = 0;
    const pieces = Array.from({ length: 20 }, (_, index) =>
      lane.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await nextTurn();
        running -= 1;
        if (index % 5 === 0) throw new Error(`piece ${index} failed`);
        return index;
      }),
    );
    const results = await Promise.allSettled(pieces);
    expect(most).toBe(3);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(16);
    expect(results.filter((result) => result.status === "rejected")).toHaveLength(4);
    expect(lane.queued).toBe(0);
  });

  it("serves a request that arrived during a piece before the next piece starts", async () => {
    const order: string[] = [];
    const server = net.createServer((socket) => socket.on("data", () => order.push("request")));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const client = net.connect((server.address() as net.AddressInfo).port, "127.0.0.1");
    await once(client, "connect");
    await nextTurn();
    try {
      const lane = new Lane(1);
      const first = lane.run(async () => {
        order.push("first");
        client.write("a shopper's request"); // on loopback it is readable at once
      });
      const second = lane.run(async () => order.push("second"));
      await Promise.all([first, second]);
      expect(order).toEqual(["first", "request", "second"]);
    } finally {
      client.destroy();
      server.close();
    }
  });

  it("refuses a lane that could run nothing", () => {
    expect(() => new Lane(0)).toThrow();
  });
});
