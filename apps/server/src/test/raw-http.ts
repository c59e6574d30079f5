import net from "node:net";

/**
 * One HTTP/1.1 connection driven by hand, for tests that must know which connection a request
 * travels on (keep-alive during a drain) and whether the server ended it cleanly or reset it.
 */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export class RawConnection {
  private buffer = Buffer.alloc(0);
  private waiters: Array<() => void> = [];
  /** "end" (the server closed it cleanly) or the error code (ECONNRESET) once it is over */
  ended: string | undefined;

  private constructor(readonly socket: net.Socket) {
    const wake = () => {
      for (const waiter of [...this.waiters]) waiter();
    };
    socket.on("data", (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      wake();
    });
    socket.on("end", () => {
      this.ended ??= "end";
      wake();
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      this.ended = error.code ?? error.message;
      wake();
    });
    socket.on("close", () => {
      this.ended ??= "end";
      wake();
    });
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () => resolve(new RawConnection(socket)));
      socket.once("error", reject);
    });
  }

  /** Writes raw bytes (a whole request, or a part of one). */
  write(text: string): void {
    this.socket.write(text);
  }

  /** Sends a GET on this connection and waits for its response. */
  get(path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
    const lines = [`GET ${path} HTTP/1.1`, "Host: 127.0.0.1", ...Object.entries(headers).map(([key, value]) => `${key}: ${value}`)];
    this.write(`${lines.join("\r\n")}\r\n\r\n`);
    return this.response();
  }

  /** The next whole response (Content-Length bodies only: what the shop's JSON answers use). */
  response(timeoutMs = 10_000): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => finish(() => reject(new Error(`no response within ${timeoutMs} ms`))), timeoutMs);
      const finish = (then: () => void) => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((waiter) => waiter !== check);
        then();
      };
      const check = () => {
        const parsed = this.take();
        if (parsed) return finish(() => resolve(parsed));
        if (this.ended) finish(() => reject(new Error(`connection ended (${this.ended}) before a response`)));
      };
      this.waiters.push(check);
      check();
    });
  }

  /** Resolves with how the connection ended ("end" or an error code). */
  closed(timeoutMs = 10_000): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`connection still open after ${timeoutMs} ms`)), timeoutMs);
      const check = () => {
        if (!this.ended) return;
        clearTimeout(timer);
        this.waiters = this.waiters.filter((waiter) => waiter !== check);
        resolve(this.ended);
      };
      this.waiters.push(check);
      check();
    });
  }

  destroy(): void {
    this.socket.destroy();
  }

  private take(): RawResponse | undefined {
    const headEnd = this.buffer.indexOf("\r\n\r\n");
    if (headEnd < 0) return undefined;
    const [statusLine, ...headerLines] = this.buffer.subarray(0, headEnd).toString("latin1").split("\r\n");
    const headers: Record<string, string> = {};
    for (const line of headerLines) {
      const colon = line.indexOf(":");
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers["content-length"] ?? 0);
    if (this.buffer.length < headEnd + 4 + length) return undefined;
    const body = this.buffer.subarray(headEnd + 4, headEnd + 4 + length).toString("utf8");
    this.buffer = this.buffer.subarray(headEnd + 4 + length);
    return { status: Number(statusLine!.split(" ")[1]), headers, body };
  }
}
