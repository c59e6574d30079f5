import cluster from "node:cluster";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import type { StaffNoticeFrame } from "@shop/contract/domains/admin-notify";
import type { AppDeps } from "../../core/context.ts";
import type { Redis } from "ioredis";
import { closeRedis, connectRedis, createRedis, onRedisRecovered } from "../../core/redis.ts";
import type { Db } from "../../db/unit-of-work.ts";
import { localBus, redisBus, type Bus } from "../chat/bus.ts";
import { newInstanceId } from "../chat/hub.ts";
import { checkStaffToken } from "../staff/tokens.ts";
import { clusterNoticeBus } from "./notice-cluster.ts";
import { visiblePermissions, type StoredNotice } from "./staff-notices.ts";

/**
 * This instance's end of the staff notices' push (ADR 0031): its notice sockets, and the bus that
 * carries each stored notice to every instance (Redis pub/sub with REDIS_URL, the cluster
 * primary's relay between the processes of one machine, else this process alone). A notice goes
 * to the sockets whose staff member may see it — checked when it is sent, on the session the
 * socket opened with, so a role changed or a session ended since then counts.
 */
export interface NoticeSocket {
  id: string;
  staffId: number;
  /** the staff session the socket opened with */
  token: string;
  /** answered the last protocol ping (or sent something since) */
  alive: boolean;
  ws: WebSocket;
}

/**
 * What the bus carries: a stored notice, or "catch up" — an instance back on Redis after an outage
 * (what it published meanwhile never reached the others), so every socket reloads the list.
 */
export type NoticeEvent = { kind: "notice"; notice: StoredNotice } | { kind: "catchup" };

/** Sockets that answered no protocol ping for this long are dropped (a peer that vanished without closing). */
export const NOTICE_PING_MS = 30_000;
/** A socket whose session ended (logged out, disabled, expired) is closed with this. */
export const SESSION_ENDED = { code: 1008, reason: "session ended" } as const;

export class StaffNoticeHub {
  private readonly sockets = new Set<NoticeSocket>();
  private timer?: NodeJS.Timeout;
  private closing = false;
  private readonly deliveries = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly bus: Bus<NoticeEvent>,
    private readonly log: FastifyBaseLogger,
    readonly instanceId: string,
  ) {
    bus.subscribe((event) => {
      if (event.kind === "catchup") {
        this.catchUpHere();
        return;
      }
      const delivery = this.deliverHere(event.notice).catch((error: unknown) => this.log.error({ err: error }, "staff notice: delivery failed"));
      this.deliveries.add(delivery);
      void delivery.finally(() => this.deliveries.delete(delivery));
    });
  }

  get size(): number {
    return this.sockets.size;
  }

  attach(socket: NoticeSocket): boolean {
    if (this.closing) return false;
    this.sockets.add(socket);
    return true;
  }

  detach(socket: NoticeSocket): void {
    this.sockets.delete(socket);
  }

  socketsOf(staffId: number): NoticeSocket[] {
    return [...this.sockets].filter((socket) => socket.staffId === staffId);
  }

  /** A notice stored just now: to the sockets of every instance (this one's before this resolves). */
  push(notice: StoredNotice): Promise<void> {
    return this.bus.publish({ kind: "notice", notice });
  }

  /** This instance is back on Redis after an outage: every instance's sockets reload the list. */
  redisRecovered(): void {
    if (!this.closing) void this.bus.publish({ kind: "catchup" });
  }

  private catchUpHere(): void {
    const text = JSON.stringify({ type: "catchup", data: {} } satisfies StaffNoticeFrame);
    for (const socket of this.sockets) if (socket.ws.readyState === socket.ws.OPEN) socket.ws.send(text);
  }

  /** Sends the notice to this instance's sockets whose staff member sees its permission; answers how many got it. */
  async deliverHere(notice: StoredNotice): Promise<number> {
    if (this.closing || this.sockets.size === 0) return 0;
    const text = JSON.stringify({ type: "notice", data: notice.item } satisfies StaffNoticeFrame);
    // One session check per session, however many tabs it has open.
    const sees = new Map<string, Promise<boolean | "ended">>();
    const check = async (token: string): Promise<boolean | "ended"> => {
      const session = await checkStaffToken(this.db, token);
      return session.ok ? visiblePermissions(session.staff).includes(notice.permission) : "ended";
    };
    let sent = 0;
    await Promise.all(
      [...this.sockets].map(async (socket) => {
        if (!sees.has(socket.token)) sees.set(socket.token, check(socket.token));
        const verdict = await sees.get(socket.token)!;
        if (verdict === "ended") {
          socket.ws.close(SESSION_ENDED.code, SESSION_ENDED.reason);
          return;
        }
        if (!verdict || socket.ws.readyState !== socket.ws.OPEN) return;
        socket.ws.send(text);
        sent += 1;
      }),
    );
    return sent;
  }

  start(pingMs = NOTICE_PING_MS): void {
    if (this.timer || this.closing) return;
    this.timer = setInterval(() => {
      for (const socket of this.sockets) {
        if (!socket.alive) {
          socket.ws.terminate();
          continue;
        }
        socket.alive = false;
        socket.ws.ping();
      }
    }, pingMs);
    this.timer.unref();
  }

  /** The app is closing (its sockets are closed with the chat's, chat/socket.ts): no more deliveries. */
  async shutdown(): Promise<void> {
    this.closing = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await Promise.all([...this.deliveries]);
    await this.bus.close();
  }
}

/** This instance's notice hub over Redis (a subscriber connection of its own), the cluster relay, or this process alone. */
export async function createStaffNoticeHub(deps: AppDeps, app: FastifyInstance): Promise<StaffNoticeHub> {
  const instanceId = newInstanceId();
  const { redis, config } = deps;
  let bus: Bus<NoticeEvent>;
  let subscriber: Redis | undefined;
  if (redis && config.redisUrl) {
    subscriber = createRedis(config.redisUrl, app.log, "staff notice subscriber");
    const connection = subscriber;
    app.addHook("onClose", () => closeRedis(connection));
    await connectRedis(subscriber);
    bus = redisBus<NoticeEvent>(redis, subscriber, `${config.redisPrefix}staffnotice`, instanceId);
  } else if (cluster.isWorker) {
    bus = clusterNoticeBus<NoticeEvent>(instanceId);
  } else {
    bus = localBus<NoticeEvent>();
  }
  const hub = new StaffNoticeHub(deps.db, bus, app.log, instanceId);
  if (redis && subscriber) {
    const stop = [redis, subscriber].map((client) => onRedisRecovered(client, () => hub.redisRecovered()));
    app.addHook("onClose", async () => stop.forEach((unlisten) => unlisten()));
  }
  app.addHook("onReady", async () => hub.start());
  app.addHook("preClose", () => hub.shutdown());
  return hub;
}
