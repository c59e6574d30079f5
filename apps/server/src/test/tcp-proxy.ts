import net from "node:net";

/**
 * A TCP proxy on a loopback port in front of a real server (PostgreSQL), for fault tests:
 * - stall(): bytes are still accepted but no longer passed on, either way, and new connections
 *   are accepted but go nowhere — a server or network that stopped answering;
 * - resume(): what was held back is passed on, and forwarding goes on;
 * - cut(): every connection is reset (RST), as a restart or a broken network does.
 */
export interface TcpProxy {
  port: number;
  /** connections currently open through the proxy */
  readonly connections: number;
  stall(): void;
  resume(): void;
  cut(): void;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
  /** bytes held back while stalled, with the socket they are for */
  held: Array<{ to: net.Socket; chunk: Buffer }>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let stalled = false;

  const relay = (pair: Pair, from: net.Socket, to: net.Socket) => {
    from.on("data", (chunk: Buffer) => {
      if (stalled) pair.held.push({ to, chunk });
      else to.write(chunk);
    });
    // One side gone: the other goes too (reset when it was reset, so the fault carries through).
    from.on("error", () => to.destroy());
    from.on("close", () => {
      to.destroy();
      pairs.delete(pair);
    });
  };

  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const pair: Pair = { client, upstream, held: [] };
    pairs.add(pair);
    relay(pair, client, upstream);
    relay(pair, upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  const proxy: TcpProxy = {
    port: (server.address() as net.AddressInfo).port,
    get connections() {
      return pairs.size;
    },
    stall() {
      stalled = true;
    },
    resume() {
      stalled = false;
      for (const pair of pairs) {
        for (const { to, chunk } of pair.held.splice(0)) if (!to.destroyed) to.write(chunk);
      }
    },
    cut() {
      for (const pair of [...pairs]) {
        pair.client.resetAndDestroy();
        pair.upstream.resetAndDestroy();
        pairs.delete(pair);
      }
    },
    async close() {
      proxy.cut();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return proxy;
}
