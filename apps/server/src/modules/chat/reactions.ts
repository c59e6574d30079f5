import { ChatSessionStatus } from "@shop/contract/domains/chat";
import { now } from "../../core/time.ts";
import type { ChatHub, ChatReactions } from "./hub.ts";
import type { OnlineView } from "./presence.ts";
import { assignQueue, assignSession, handBack, orphanedSessions } from "./assignment.ts";
import { findSession } from "./conversations.ts";
import { announceAssigned, announceSessions, memberConnectFrame, sessionAudience } from "./announce.ts";

/**
 * What socket changes mean for the conversations (ADR 0024), run by the hub on the instance that
 * holds the socket: a member's waiting conversation is assigned when the member binds; a servicer
 * coming online takes its share of the queue; a servicer that left hands its conversations back;
 * and the sweep repairs what no event told (a crashed instance's servicers vanish from presence).
 */

/** A servicer came online: the waiting conversations are spread over the online servicers; every member hears support is there. */
export async function servicerCameOnline(hub: ChatHub, staffId: number): Promise<void> {
  const online = await hub.online();
  const servicers = new Set(online.servicers).add(staffId);
  await hub.deliver({ allMembers: true }, memberConnectFrame(staffId, true));
  await announceAssigned(hub, await assignQueue(hub.deps.db, [...servicers], now()));
}

/**
 * A servicer is gone (switched offline, its last socket closed, or its instance vanished): its open
 * conversations go back to the queue and on to the other online servicers, if any.
 */
export async function servicerWentOffline(hub: ChatHub, staffId: number, online?: OnlineView): Promise<void> {
  const { db } = hub.deps;
  const returned = await handBack(db, staffId, now());
  const others = [...(online ?? (await hub.online())).servicers].filter((id) => id !== staffId);
  await hub.deliver({ allMembers: true }, memberConnectFrame(staffId, others.length > 0));
  const reassigned = await assignQueue(db, others, now());
  const taken = new Set(reassigned.map((row) => row.session_id));
  const waiting = returned.filter((row) => !taken.has(row.session_id));
  // Their previous servicer sees them go too: a waiting conversation's frames reach every servicer.
  await announceSessions(hub, waiting.map((row) => row.session_id), { allServicers: true });
  for (const row of waiting) await hub.deliver({ members: [row.member_id] }, memberConnectFrame(0, false));
  await announceAssigned(hub, reassigned);
}

export function chatReactions(hub: ChatHub): ChatReactions {
  const { db } = hub.deps;
  /** Servicers with open conversations found missing from presence at the last sweep. */
  let suspects = new Set<number>();

  return {
    async memberBound(memberId) {
      let session = await findSession(db, memberId);
      if (!session || session.status === ChatSessionStatus.CLOSED) return;
      const waiting = session.status === ChatSessionStatus.WAITING;
      if (waiting) session = await assignSession(db, session, [...(await hub.online()).servicers], now());
      if (waiting && session.status === ChatSessionStatus.OPEN) await announceAssigned(hub, [session]);
      else await announceSessions(hub, [session.session_id]);
      if (session.status === ChatSessionStatus.OPEN) {
        await hub.deliver(sessionAudience(session), { type: "connect", data: { shop_id: 0, servicer_id: session.servicer_id, online: 1, member_id: memberId } });
      }
    },

    async memberPresence(memberId) {
      const session = await findSession(db, memberId);
      if (session) await announceSessions(hub, [session.session_id]);
    },

    servicerOnline: (staffId) => servicerCameOnline(hub, staffId),

    async servicerLeft(staffId) {
      const online = await hub.online();
      // Still serving through another instance, or the others could not be asked: nothing to hand back now (the sweep looks again).
      if (!online.complete || online.servicers.has(staffId)) return;
      await servicerWentOffline(hub, staffId, online);
    },

    async sweep() {
      const online = await hub.online();
      if (!online.complete) return;
      // Missing at two sweeps in a row: not a servicer whose presence another instance is writing right now.
      const missing = new Set((await orphanedSessions(db, online.servicers)).map((row) => row.servicer_id));
      const gone = [...missing].filter((staffId) => suspects.has(staffId));
      suspects = missing;
      for (const staffId of gone) await servicerWentOffline(hub, staffId, online);
      if (online.servicers.size > 0) await announceAssigned(hub, await assignQueue(db, [...online.servicers], now()));
    },
  };
}
