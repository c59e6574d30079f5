import type { WebSocket } from "ws";
import type { ChatFrame } from "@shop/contract/domains/chat";
import type { Audience } from "./bus.ts";
import { countChatSocket } from "../../core/metrics.ts";

/**
 * The chat sockets open on this instance, by who they belong to (the identity checked at the
 * upgrade: socket.ts). A member socket receives its member's frames until the member says bye; a
 * servicer socket receives frames once bound (/shopapi/chat/bind) and counts as a servicer online
 * while it is also serving (not switched offline).
 */
export interface ChatSocket {
  /** the client_id of the init frame */
  id: string;
  role: "member" | "servicer";
  /** member_id or staff_id */
  userId: number;
  /** staff that see every conversation */
  admin: boolean;
  /** member: not set aside by bye; servicer: bound */
  active: boolean;
  /** servicer: bound and not switched offline */
  serving: boolean;
  /** answered the last protocol ping (or sent something since): hub.ts drops the silent ones */
  alive: boolean;
  ws: WebSocket;
}

/** Who is online through this instance's sockets. */
export interface LocalPresence {
  members: number[];
  servicers: number[];
}

/** A socket whose client stopped reading (this much waits unsent) is dropped rather than buffered further. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

export class LocalSockets {
  private readonly byId = new Map<string, ChatSocket>();
  private readonly byMember = new Map<number, Set<ChatSocket>>();
  private readonly byServicer = new Map<number, Set<ChatSocket>>();

  get size(): number {
    return this.byId.size;
  }

  all(): IterableIterator<ChatSocket> {
    return this.byId.values();
  }

  get(clientId: string): ChatSocket | undefined {
    return this.byId.get(clientId);
  }

  add(socket: ChatSocket): void {
    if (!this.byId.has(socket.id)) countChatSocket(socket.role, 1);
    this.byId.set(socket.id, socket);
    const index = this.indexOf(socket.role);
    let sockets = index.get(socket.userId);
    if (!sockets) index.set(socket.userId, (sockets = new Set()));
    sockets.add(socket);
  }

  remove(socket: ChatSocket): void {
    if (!this.byId.delete(socket.id)) return;
    countChatSocket(socket.role, -1);
    const index = this.indexOf(socket.role);
    const sockets = index.get(socket.userId);
    sockets?.delete(socket);
    if (sockets?.size === 0) index.delete(socket.userId);
  }

  /** The sockets of one member or one servicer. */
  of(role: ChatSocket["role"], userId: number): ChatSocket[] {
    return [...(this.indexOf(role).get(userId) ?? [])];
  }

  memberOnline(memberId: number): boolean {
    return this.of("member", memberId).some((socket) => socket.active);
  }

  servicerServing(staffId: number): boolean {
    return this.of("servicer", staffId).some((socket) => socket.serving);
  }

  presence(): LocalPresence {
    const members = [...this.byMember.keys()].filter((id) => this.memberOnline(id));
    const servicers = [...this.byServicer.keys()].filter((id) => this.servicerServing(id));
    return { members, servicers };
  }

  /** Sends a frame to every local socket of the audience; answers how many got it. */
  deliver(to: Audience, frame: ChatFrame): number {
    const text = JSON.stringify(frame);
    let sent = 0;
    for (const socket of this.audienceSockets(to)) {
      if (socket.ws.readyState !== socket.ws.OPEN) continue;
      if (socket.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        socket.ws.terminate();
        continue;
      }
      socket.ws.send(text);
      sent += 1;
    }
    return sent;
  }

  private *audienceSockets(to: Audience): Iterable<ChatSocket> {
    const seen = new Set<ChatSocket>();
    const take = function* (sockets: Iterable<ChatSocket>) {
      for (const socket of sockets) {
        if (!socket.active || seen.has(socket)) continue;
        seen.add(socket);
        yield socket;
      }
    };
    if (to.allMembers) for (const sockets of this.byMember.values()) yield* take(sockets);
    else for (const memberId of to.members ?? []) yield* take(this.byMember.get(memberId) ?? []);
    if (to.allServicers) {
      for (const sockets of this.byServicer.values()) yield* take(sockets);
      return;
    }
    for (const staffId of to.servicers ?? []) yield* take(this.byServicer.get(staffId) ?? []);
    if (to.admins) for (const sockets of this.byServicer.values()) yield* take([...sockets].filter((socket) => socket.admin));
  }

  private indexOf(role: ChatSocket["role"]): Map<number, Set<ChatSocket>> {
    return role === "member" ? this.byMember : this.byServicer;
  }
}
