import type { Bus } from "../chat/bus.ts";

/**
 * The staff notices between the processes of one machine without Redis (`npm start` runs one per
 * core): the cluster primary relays these messages to the other workers (cluster.ts), as it relays
 * the chat's and the cache purges. Kept free of the notice code so the primary imports only this.
 */
export const CLUSTER_NOTICE_MESSAGE = "shop:staffnotice";

export interface ClusterNoticeMessage<Event> {
  type: typeof CLUSTER_NOTICE_MESSAGE;
  origin: string;
  event: Event;
}

export function isClusterNoticeMessage(message: unknown): message is ClusterNoticeMessage<unknown> {
  return typeof message === "object" && message !== null && (message as { type?: unknown }).type === CLUSTER_NOTICE_MESSAGE;
}

/** One worker's end of the relay: its own events reach its handler at once, the other workers' through the primary. */
export function clusterNoticeBus<Event>(origin: string, channel: Pick<NodeJS.Process, "send" | "on" | "off"> = process): Bus<Event> {
  let receive: (event: Event) => void = () => {};
  const listener = (message: unknown) => {
    if (isClusterNoticeMessage(message) && message.origin !== origin) receive(message.event as Event);
  };
  channel.on("message", listener);
  return {
    async publish(event) {
      receive(event);
      channel.send?.({ type: CLUSTER_NOTICE_MESSAGE, origin, event } satisfies ClusterNoticeMessage<Event>);
    },
    subscribe(handler) {
      receive = handler;
    },
    async close() {
      channel.off("message", listener);
    },
  };
}
