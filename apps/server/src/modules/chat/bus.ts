import type { Redis } from "ioredis";
import type { ChatFrame } from "@shop/contract/domains/chat";

/**
 * Carries chat events between the server instances that share a database (ADR 0024): with Redis,
 * a pub/sub channel every instance subscribes to; without, this process alone. An event reaches
 * this instance's own handler at once (never through Redis, so local delivery does not wait for a
 * round trip) and every other instance through the channel.
 */

/** Who a frame is for; a socket receives it when any part names it (sockets.ts). */
export interface Audience {
  /** these members' sockets */
  members?: number[];
  /** every member socket (servicer availability changed) */
  allMembers?: boolean;
  /** these servicers' bound sockets */
  servicers?: number[];
  /** every bound servicer socket (a waiting conversation: any servicer may take it) */
  allServicers?: boolean;
  /** admins' bound sockets (they see every conversation) */
  admins?: boolean;
}

export type ChatEvent =
  /** deliver a frame */
  | { kind: "frame"; to: Audience; frame: ChatFrame }
  /** a bind call answered by another instance than the socket's: the socket's instance binds it */
  | { kind: "bind"; clientId: string; role: "member" | "servicer"; userId: number }
  /** a servicer switched online (1) or offline (0): every instance marks that servicer's sockets */
  | { kind: "serving"; staffId: number; serving: boolean }
  /** a member closed the dialog: every instance sets that member's sockets aside */
  | { kind: "bye"; memberId: number }
  /**
   * an instance is back on Redis after an outage: events it published meanwhile were lost, so every
   * instance tells its sockets to catch up (from `sinceId`: every message stored during the outage
   * is after it; undefined when it could not be read: since each client's last id) and writes
   * its presence again
   */
  | { kind: "catchup"; sinceId?: number };

/** A bus of events of one kind (the chat's; the staff notices' reuse it: modules/notify/notice-push.ts). */
export interface Bus<Event> {
  publish(event: Event): Promise<void>;
  subscribe(handler: (event: Event) => void): void;
  close(): Promise<void>;
}

export type ChatBus = Bus<ChatEvent>;

/** One process: the handler is the only receiver. */
export function localBus<Event = ChatEvent>(): Bus<Event> {
  let receive: (event: Event) => void = () => {};
  return {
    async publish(event) {
      receive(event);
    },
    subscribe(handler) {
      receive = handler;
    },
    async close() {},
  };
}

/**
 * Redis pub/sub. `subscriber` must be a connection of its own (a subscribed connection runs no
 * other commands); events this instance published come back on it and are skipped by `origin`.
 * An event published while Redis is down is lost for the other instances (logged by the client):
 * the messages themselves are in the database, and once Redis is back the hub has every socket
 * catch up with since_id (a "catchup" event, hub.ts).
 */
export function redisBus<Event = ChatEvent>(publisher: Redis, subscriber: Redis, channel: string, origin: string): Bus<Event> {
  let receive: (event: Event) => void = () => {};
  subscriber.on("message", (from: string, text: string) => {
    if (from !== channel) return;
    try {
      const message = JSON.parse(text) as { origin?: string; event?: Event };
      if (message.origin !== origin && message.event) receive(message.event);
    } catch {
      // not ours
    }
  });
  // Re-subscribes by itself after a reconnect (ioredis autoResubscribe).
  void subscriber.subscribe(channel).catch(() => undefined);
  return {
    async publish(event) {
      receive(event);
      await publisher.publish(channel, JSON.stringify({ origin, event })).catch(() => 0);
    },
    subscribe(handler) {
      receive = handler;
    },
    async close() {
      await subscriber.unsubscribe(channel).catch(() => undefined);
    },
  };
}
