import crypto from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { PLATFORM_SHOP_ID, type ChatFrame } from "@shop/contract/domains/chat";
import type { AppDeps } from "../../core/context.ts";
import { isRedisUnavailable } from "../../core/redis.ts";
import type { Audience, ChatBus, ChatEvent } from "./bus.ts";
import type { OnlineView, PresenceStore } from "./presence.ts";
import { LocalSockets, type ChatSocket } from "./sockets.ts";
import { sinceIdBeforeOutage } from "./history.ts";
import { SendBudget } from "./send-budget.ts";

/**
 * This instance's end of the chat (ADR 0024): its sockets, the bus that carries frames and
 * socket changes to every instance, and presence. What a change means for the conversations
 * (assigning, handing back, telling the servicer a member came) is the reactions' (reactions.ts),
 * run on the instance that holds the socket concerned. Timers are started when the app is ready
 * and stopped when it closes.
 */
export interface ChatReactions {
  /** a member socket here was bound (the dialog opened) */
  memberBound(memberId: number): Promise<void>;
  /** a member's first active socket here opened, or its last closed */
  memberPresence(memberId: number): Promise<void>;
  /** a servicer began serving through a socket here */
  servicerOnline(staffId: number): Promise<void>;
  /** a servicer's last serving socket here closed (it may still be online elsewhere) */
  servicerLeft(staffId: number): Promise<void>;
  /** every refresh (a third of the presence TTL): repairs what events missed (a crashed instance's servicers) */
  sweep(): Promise<void>;
}

/** A bind naming a socket of someone else (or of another kind). */
export const SOCKET_GONE = "连接已失效，请重新打开对话";

/** Sockets that answered no protocol ping for this long are dropped (a peer that vanished without closing). */
export const SOCKET_PING_MS = 30_000;

export interface ChatHubOptions {
  /** names this instance's presence and bus messages */
  instanceId: string;
  refreshMs: number;
  pingMs?: number;
}

export const newInstanceId = (): string => crypto.randomBytes(6).toString("hex");

export class ChatHub {
  readonly sockets = new LocalSockets();
  readonly sendBudget = new SendBudget();
  private reactions?: ChatReactions;
  private closing = false;
  private timers: NodeJS.Timeout[] = [];
  private readonly tasks = new Set<Promise<void>>();
  private writes: Promise<void> = Promise.resolve();
  private queuedWrite?: Promise<void>;

  constructor(
    readonly deps: AppDeps,
    private readonly bus: ChatBus,
    private readonly presence: PresenceStore,
    readonly log: FastifyBaseLogger,
    private readonly options: ChatHubOptions,
  ) {
    bus.subscribe((event) => this.receive(event));
  }

  react(reactions: ChatReactions): void {
    this.reactions = reactions;
  }

  /** names this instance's presence key and bus messages */
  get instanceId(): string {
    return this.options.instanceId;
  }

  newClientId(): string {
    return `${this.options.instanceId}.${crypto.randomBytes(12).toString("hex")}`;
  }

  /** Sends a frame to its audience's sockets on every instance. */
  deliver(to: Audience, frame: ChatFrame): Promise<void> {
    return this.bus.publish({ kind: "frame", to, frame });
  }

  /** Everyone online now (this instance's sockets, and every live instance's with Redis). */
  online(): Promise<OnlineView> {
    return this.presence.read(this.sockets.presence());
  }

  // ---- sockets (socket.ts) ----

  attach(socket: ChatSocket): void {
    if (this.closing) {
      socket.ws.close(1001, "server closing");
      return;
    }
    const wasOnline = socket.role === "member" && this.sockets.memberOnline(socket.userId);
    this.sockets.add(socket);
    if (socket.role === "member" && !wasOnline) this.memberPresenceChanged(socket.userId);
  }

  detach(socket: ChatSocket): void {
    const { role, userId } = socket;
    const wasOnline = role === "member" ? this.sockets.memberOnline(userId) : this.sockets.servicerServing(userId);
    this.sockets.remove(socket);
    if (this.closing || !wasOnline) return;
    if (role === "member" && !this.sockets.memberOnline(userId)) this.memberPresenceChanged(userId);
    if (role === "servicer" && !this.sockets.servicerServing(userId)) {
      this.background(this.writePresence().then(() => this.reactions?.servicerLeft(userId)));
    }
  }

  /**
   * A bind call: marks the socket `clientId` as bound to this member or servicer. Here, at once
   * (and its reactions have run when this resolves); on another instance, through the bus.
   * "refused" when the socket is here and someone else's.
   */
  async bind(clientId: string, role: ChatSocket["role"], userId: number): Promise<"here" | "elsewhere" | "refused"> {
    const socket = this.sockets.get(clientId);
    if (!socket) {
      await this.bus.publish({ kind: "bind", clientId, role, userId });
      return "elsewhere";
    }
    if (socket.role !== role || socket.userId !== userId) return "refused";
    await this.bindHere(socket);
    return "here";
  }

  /** A servicer switched online or offline: its sockets on every instance follow (here before this resolves). */
  async setServing(staffId: number, serving: boolean): Promise<void> {
    await this.servingHere(staffId, serving);
    await this.bus.publish({ kind: "serving", staffId, serving });
  }

  /** A member closed the dialog: its sockets on every instance stop receiving and count as offline. */
  bye(memberId: number): Promise<void> {
    return this.bus.publish({ kind: "bye", memberId });
  }

  /**
   * This instance is back on Redis after an outage that began at `outageStartedAtMs` (routes.ts
   * listens to its clients): what it published meanwhile never reached the others, so every
   * instance has its sockets catch up and writes its presence again (Redis may have come back
   * empty). The catch-up starts before the outage, not at each client's last id: a client's
   * socket got the messages stored through its own instance, so its last id may be past messages
   * stored on another instance that were never pushed.
   */
  redisRecovered(outageStartedAtMs = Date.now()): void {
    if (this.closing) return;
    const sinceId = sinceIdBeforeOutage(this.deps.db, outageStartedAtMs).catch((error: unknown) => {
      // The database is unreachable too: the clients catch up since their last id, as before.
      this.log.warn({ err: error }, "chat: catch-up start not read");
      return undefined;
    });
    this.background(sinceId.then((id) => this.bus.publish({ kind: "catchup", sinceId: id })));
  }

  // ---- events from the bus (this instance's own too) ----

  private receive(event: ChatEvent): void {
    // Shutting down: the sockets are being closed, and reactions would outlive the database.
    if (this.closing) return;
    switch (event.kind) {
      case "frame":
        this.sockets.deliver(event.to, event.frame);
        return;
      case "bind": {
        const socket = this.sockets.get(event.clientId);
        if (socket && socket.role === event.role && socket.userId === event.userId) this.background(this.bindHere(socket));
        return;
      }
      case "serving":
        this.background(this.servingHere(event.staffId, event.serving));
        return;
      case "catchup":
        this.sockets.deliver({ allMembers: true, allServicers: true }, { type: "catchup", data: { shop_id: PLATFORM_SHOP_ID, since_id: event.sinceId } });
        void this.writePresence();
        return;
      case "bye": {
        const sockets = this.sockets.of("member", event.memberId).filter((socket) => socket.active);
        for (const socket of sockets) socket.active = false;
        if (sockets.length > 0 && !this.sockets.memberOnline(event.memberId)) this.memberPresenceChanged(event.memberId);
      }
    }
  }

  private async bindHere(socket: ChatSocket): Promise<void> {
    if (socket.role === "member") {
      const wasOnline = this.sockets.memberOnline(socket.userId);
      socket.active = true;
      if (!wasOnline) await this.writePresence();
      await this.reactions?.memberBound(socket.userId);
      return;
    }
    const wasServing = this.sockets.servicerServing(socket.userId);
    socket.active = true;
    socket.serving = true;
    if (wasServing) return;
    // Written before assigning: another instance's sweep must not find the new servicer missing.
    await this.writePresence();
    await this.reactions?.servicerOnline(socket.userId);
  }

  private async servingHere(staffId: number, serving: boolean): Promise<void> {
    const bound = this.sockets.of("servicer", staffId).filter((socket) => socket.active);
    const wasServing = this.sockets.servicerServing(staffId);
    for (const socket of bound) socket.serving = serving;
    if (wasServing === this.sockets.servicerServing(staffId)) return;
    await this.writePresence();
    // Going offline is handled by the online call itself (it hands the conversations back).
    if (serving) await this.reactions?.servicerOnline(staffId);
  }

  private memberPresenceChanged(memberId: number): void {
    this.background(this.writePresence().then(() => this.reactions?.memberPresence(memberId)));
  }

  // ---- presence writes, background work, timers ----

  /** Writes this instance's presence (Redis); a write already queued but not started covers this change too. */
  writePresence(): Promise<void> {
    if (this.queuedWrite) return this.queuedWrite;
    const write = this.writes.then(() => {
      this.queuedWrite = undefined;
      return this.presence.write(this.sockets.presence());
    });
    this.queuedWrite = write.catch((error: unknown) => {
      // Redis unavailable is logged once per outage by its client; the presence is written again once it is back.
      if (!isRedisUnavailable(error)) this.log.warn({ err: error }, "chat: presence not written");
    });
    this.writes = this.queuedWrite;
    return this.queuedWrite;
  }

  /** Runs reaction work outside the request or socket event that caused it; shutdown waits for it. */
  background(work: Promise<unknown>): void {
    const task = work.then(
      () => undefined,
      (error: unknown) => this.log.error({ err: error }, "chat: background work failed"),
    );
    this.tasks.add(task);
    void task.finally(() => this.tasks.delete(task));
  }

  /** One sweep now (the timer runs them every refresh; tests call it to see the outcome at once). */
  async sweep(): Promise<void> {
    await this.writePresence();
    await this.reactions?.sweep();
  }

  start(): void {
    if (this.timers.length > 0 || this.closing) return;
    const refresh = setInterval(() => {
      this.sendBudget.prune();
      this.background(this.sweep());
    }, this.options.refreshMs);
    const ping = setInterval(() => this.pingSockets(), this.options.pingMs ?? SOCKET_PING_MS);
    this.timers = [refresh, ping];
    for (const timer of this.timers) timer.unref();
  }

  /** Drops the sockets that did not answer the last protocol ping, and pings the others. */
  private pingSockets(): void {
    for (const socket of this.sockets.all()) {
      if (!socket.alive) {
        socket.ws.terminate();
        continue;
      }
      socket.alive = false;
      socket.ws.ping();
    }
  }

  /**
   * The app is closing: no more reactions (the sockets closing now are the server's doing, not
   * members or servicers leaving: their conversations stay where they are), background work
   * finished, this instance's presence withdrawn.
   */
  async shutdown(): Promise<void> {
    this.closing = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    while (this.tasks.size > 0) await Promise.all([...this.tasks]);
    await this.writes;
    await this.presence.remove().catch(() => undefined);
    await this.bus.close();
  }
}
