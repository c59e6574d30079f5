import { WebSocket } from "ws";
import { CHAT_SOCKET_PATH, CHAT_SOCKET_SERVICER, type ChatDialogPage, type ChatFrame, type ChatMessage } from "@shop/contract/domains/chat";
import { call, type Outcome } from "./http-client.ts";
import type { ChatCast } from "./scale-out.ts";

/**
 * The chat during the faults: members and a servicer, each with a socket through nginx (/wss),
 * talk for the whole drill. Each client does what the storefront's and console's do: on a lost
 * socket it reconnects, binds, and catches up with `since_id` from the last id it saw; a frame
 * telling it to catch up (after a Redis outage) does the same. Afterwards every stored message
 * must have reached each side (live or by catch-up), and no socket may get an id twice.
 */
const KNOWN_FRAMES = new Set(["init", "connect", "string", "goodssku", "order", "image", "session", "close"]);
const MESSAGE_FRAMES = new Set(["string", "goodssku", "order", "image"]);

interface Connection {
  ws: WebSocket;
  ids: number[];
}

class ChatClient {
  /** every message id received, live or by catch-up */
  readonly seen = new Set<number>();
  /** ids a single socket received twice (a failure) */
  readonly duplicates: Array<{ connection: number; id: number }> = [];
  readonly connections: Connection[] = [];
  /** frames of a kind the drill does not know (a catch-up frame is handled if it says so) */
  readonly unknownFrames = new Set<string>();
  reconnects = 0;
  catchUps = 0;
  private stopped = false;
  private lastId = 0;

  constructor(
    readonly label: string,
    private readonly origin: { http: string; ws: string },
    private readonly cookie: string,
    private readonly servicer: { memberIds: number[] } | undefined,
    private readonly localAddress: string,
  ) {}

  async connect(): Promise<void> {
    const url = `${this.origin.ws}${CHAT_SOCKET_PATH}${this.servicer ? `?as=${CHAT_SOCKET_SERVICER}` : ""}`;
    const ws = new WebSocket(url, { headers: { cookie: this.cookie }, localAddress: this.localAddress });
    const connection: Connection = { ws, ids: [] };
    const number = this.connections.push(connection);
    let established = false;
    const clientId = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no init frame within 5 s")), 5000);
      ws.on("error", () => {});
      ws.on("close", () => {
        clearTimeout(timer);
        reject(new Error("closed before init"));
        // A socket that was up and dropped: reconnect. One that never came up is the caller's to retry.
        if (established && !this.stopped) void this.reconnect();
      });
      ws.on("message", (data) => {
        const frame = JSON.parse(String(data)) as ChatFrame;
        if (frame.type === "init") {
          established = true;
          clearTimeout(timer);
          resolve(frame.data.client_id);
        } else if (MESSAGE_FRAMES.has(frame.type)) {
          const message = frame.data as ChatMessage;
          if (connection.ids.includes(message.id)) this.duplicates.push({ connection: number, id: message.id });
          connection.ids.push(message.id);
          this.see(message);
        } else if (!KNOWN_FRAMES.has(frame.type)) {
          this.unknownFrames.add(frame.type);
          // After a Redis outage the frame says where to start (before the outage), as the clients read it.
          const since = (frame as { data?: { since_id?: unknown } }).data?.since_id;
          if (/catch|sync|resume|reload/i.test(frame.type)) void this.catchUpUntilDone(typeof since === "number" ? since : undefined);
        }
      });
    });
    const bound = await this.post(this.servicer ? "/shopapi/chat/bind" : "/servicer/api/chat/bind", { client_id: clientId });
    if (!isOk(bound)) {
      // Not bound: this socket is dropped and the caller tries a new one.
      established = false;
      ws.terminate();
      throw new Error(`${this.label} bind: ${JSON.stringify(bound)}`);
    }
  }

  /** Reconnects until it works (or the drill ends), then catches up. */
  private async reconnect(): Promise<void> {
    this.reconnects += 1;
    while (!this.stopped) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      try {
        await this.connect();
        break;
      } catch {
        // next try
      }
    }
    await this.catchUpUntilDone();
  }

  /** Catches up, trying again (as a client would) while the calls fail, until it worked or the drill ends. */
  private async catchUpUntilDone(sinceId?: number): Promise<void> {
    while (!this.stopped) {
      try {
        await this.catchUp(sinceId);
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }

  /** Fetches every message after the newest seen (or after `sinceId`, when the server named an earlier start). */
  async catchUp(sinceId?: number): Promise<void> {
    this.catchUps += 1;
    const conversations = this.servicer ? this.servicer.memberIds : [undefined];
    for (const memberId of conversations) {
      for (let since = Math.min(sinceId ?? Infinity, this.lastIdOf(memberId)), more = true; more; ) {
        const body = memberId === undefined ? { since_id: since } : { member_id: memberId, since_id: since };
        const answer = await this.post(this.servicer ? "/shopapi/chat/dialogs" : "/servicer/api/chat/dialogs", body);
        if (!isOk(answer)) throw new Error(`${this.label} catch-up: ${JSON.stringify(answer)}`);
        const page = answer.data as ChatDialogPage;
        for (const message of page.list) this.see(message);
        more = page.list.length > 0 && page.page_count > 1;
        if (page.list.length > 0) since = page.list.at(-1)!.id;
      }
    }
  }

  private readonly perConversation = new Map<number, number>();

  private lastIdOf(memberId: number | undefined): number {
    // Members have one conversation: the newest id seen. The servicer catches up per member from the newest id of that member's conversation it saw.
    return memberId === undefined ? this.lastId : (this.perConversation.get(memberId) ?? 0);
  }

  private see(message: Pick<ChatMessage, "id" | "member_id">): void {
    this.seen.add(message.id);
    this.lastId = Math.max(this.lastId, message.id);
    this.perConversation.set(message.member_id, Math.max(this.perConversation.get(message.member_id) ?? 0, message.id));
  }

  post(path: string, body: object): Promise<Outcome> {
    return call(`${this.origin.http}${path}`, body, { headers: { cookie: this.cookie }, localAddress: this.localAddress });
  }

  close(): void {
    this.stopped = true;
    for (const connection of this.connections) connection.ws.terminate();
  }
}

const isOk = (outcome: Outcome): outcome is Extract<Outcome, { kind: "envelope" }> => outcome.kind === "envelope" && outcome.code === 0;

export interface ChatDrillReport {
  sent: number;
  /** sends that never got an answer after retries (the drill ended) */
  unsent: number;
  stored: number;
  /** per client: stored ids it never got */
  missing: Record<string, number[]>;
  duplicates: Record<string, Array<{ connection: number; id: number }>>;
  reconnects: Record<string, number>;
  unknownFrames: string[];
}

export class ChatDrill {
  private readonly members: ChatClient[];
  private readonly servicer: ChatClient;
  private running = false;
  private loop: Promise<void> = Promise.resolve();
  sent = 0;
  unsent = 0;

  constructor(
    private readonly cast: ChatCast,
    origin: { http: string; ws: string },
  ) {
    this.servicer = new ChatClient("servicer", origin, cast.servicer.cookie, { memberIds: cast.members.map((member) => member.memberId) }, "127.4.0.1");
    this.members = cast.members.map((member, index) => new ChatClient(`member ${member.memberId}`, origin, member.cookie, undefined, `127.4.1.${index + 1}`));
  }

  async start(): Promise<void> {
    await this.servicer.connect();
    for (const member of this.members) await member.connect();
    this.running = true;
    this.loop = this.talk();
  }

  /** Each member says something every 2 s (round robin); the servicer answers each. */
  private async talk(): Promise<void> {
    for (let turn = 0; this.running; turn += 1) {
      const index = turn % this.members.length;
      const member = this.members[index]!;
      const memberId = this.cast.members[index]!.memberId;
      await this.send(member, "/servicer/api/chat/say", { content_type: 0, message: `演练留言 ${turn}`, client_msg_id: `drill-${turn}` });
      await this.send(this.servicer, "/shopapi/chat/answer", { member_id: memberId, content_type: 0, servicer_say: `演练回复 ${turn}` });
      await new Promise((resolve) => setTimeout(resolve, 2000 / this.members.length));
    }
  }

  /** Sends (resending the same message after a failure, as the clients do) until stored or the drill ends. */
  private async send(client: ChatClient, path: string, body: object): Promise<void> {
    while (this.running) {
      const answer = await client.post(path, body);
      if (isOk(answer)) {
        this.sent += 1;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    this.unsent += 1;
  }

  /** Stops talking; waits (up to `settleMs`) until each side holds every stored message; reports. */
  async finish(storedIds: (memberId: number) => Promise<number[]>, settleMs = 10_000): Promise<ChatDrillReport> {
    this.running = false;
    await this.loop;
    const expected = new Map<ChatClient, number[]>();
    const all: number[] = [];
    for (const [index, member] of this.members.entries()) {
      const ids = await storedIds(this.cast.members[index]!.memberId);
      expected.set(member, ids);
      all.push(...ids);
    }
    expected.set(this.servicer, all);
    const missingOf = (client: ChatClient) => expected.get(client)!.filter((id) => !client.seen.has(id));
    const clients = [this.servicer, ...this.members];
    const deadline = Date.now() + settleMs;
    while (Date.now() < deadline && clients.some((client) => missingOf(client).length > 0)) await new Promise((resolve) => setTimeout(resolve, 100));
    const report: ChatDrillReport = {
      sent: this.sent, unsent: this.unsent, stored: all.length, missing: {}, duplicates: {}, reconnects: {},
      unknownFrames: [...new Set(clients.flatMap((client) => [...client.unknownFrames]))],
    };
    for (const client of clients) {
      const missing = missingOf(client);
      if (missing.length > 0) report.missing[client.label] = missing;
      if (client.duplicates.length > 0) report.duplicates[client.label] = client.duplicates;
      report.reconnects[client.label] = client.reconnects;
      client.close();
    }
    return report;
  }
}
