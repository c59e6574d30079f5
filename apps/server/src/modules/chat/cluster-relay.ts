import type { ChatBus, ChatEvent } from "./bus.ts";
import type { OnlineView, PresenceStore } from "./presence.ts";
import type { LocalPresence } from "./sockets.ts";

/**
 * The chat between the processes of one machine without Redis (`npm start` runs one per core,
 * SERVER_PROCESSES): the cluster primary relays these messages to the other workers (cluster.ts),
 * as it relays cache purges. Events go as they would over Redis pub/sub; presence is each worker's
 * snapshot with an expiry, broadcast whenever the hub writes it (every third of the expiry and on
 * every change) and kept by every other worker, so a crashed worker's sockets go offline by
 * themselves — the same rules as the Redis presence keys (presence.ts), with messages for keys.
 */
export const CLUSTER_CHAT_MESSAGE = "shop:chat";

export interface ClusterChatMessage {
  type: typeof CLUSTER_CHAT_MESSAGE;
  origin: string;
  event?: ChatEvent;
  /** the origin's presence, valid until `until` (ms); `until` 0 takes it away */
  presence?: { members: number[]; servicers: number[]; until: number };
}

export function isClusterChatMessage(message: unknown): message is ClusterChatMessage {
  return typeof message === "object" && message !== null && (message as { type?: unknown }).type === CLUSTER_CHAT_MESSAGE;
}

/** One worker's end of the relay: its bus and its presence store share the IPC channel. */
export function clusterChat(origin: string, ttlMs: number, channel: Pick<NodeJS.Process, "send" | "on" | "off"> = process): { bus: ChatBus; presence: PresenceStore } {
  let receive: (event: ChatEvent) => void = () => {};
  const others = new Map<string, { members: number[]; servicers: number[]; until: number }>();
  const send = (message: Omit<ClusterChatMessage, "type" | "origin">) => {
    channel.send?.({ type: CLUSTER_CHAT_MESSAGE, origin, ...message } satisfies ClusterChatMessage);
  };
  const listener = (message: unknown) => {
    if (!isClusterChatMessage(message) || message.origin === origin) return;
    if (message.event) receive(message.event);
    if (message.presence) {
      if (message.presence.until > 0) others.set(message.origin, message.presence);
      else others.delete(message.origin);
    }
  };
  channel.on("message", listener);
  const bus: ChatBus = {
    async publish(event) {
      receive(event);
      send({ event });
    },
    subscribe(handler) {
      receive = handler;
    },
    async close() {
      channel.off("message", listener);
    },
  };
  const presence: PresenceStore = {
    async write(local: LocalPresence) {
      send({ presence: { members: local.members, servicers: local.servicers, until: Date.now() + ttlMs } });
    },
    async read(local: LocalPresence): Promise<OnlineView> {
      const view: OnlineView = { members: new Set(local.members), servicers: new Set(local.servicers), complete: true };
      const at = Date.now();
      for (const [worker, held] of others) {
        if (held.until <= at) {
          others.delete(worker);
          continue;
        }
        for (const id of held.members) view.members.add(id);
        for (const id of held.servicers) view.servicers.add(id);
      }
      return view;
    },
    async remove() {
      send({ presence: { members: [], servicers: [], until: 0 } });
    },
  };
  return { bus, presence };
}
