import { ApiError, type ApiClient, type BodyOf } from "@shop/contract/client";
import { Code } from "@shop/contract/codes";
import type { ChatMessage } from "@shop/contract/domains/chat";
import { reconnectDelay } from "./chat-connection.ts";

export type SayBody = BodyOf<"/servicer/api/chat/say">;

/** Tries of one say when the network fails (the same client_msg_id each time: stored once). */
export const SAY_ATTEMPTS = 3;

/** A client-side id for a message: random, so two tabs of one member never collide. */
export function newClientMsgId(): string {
  const bytes = new Uint8Array(12);
  // getRandomValues works on plain http too (randomUUID needs a secure context).
  globalThis.crypto.getRandomValues(bytes);
  return "m" + [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A failure the server never saw an answer for (network down, time-out): worth sending again. */
const isNetworkFailure = (error: unknown) => error instanceof ApiError && error.code === Code.UNKNOWN;

/**
 * Sends one message and resolves with the stored row. A network failure is retried after 1 s,
 * then 2 s, with the same client_msg_id, so a say that did reach the server is not stored twice;
 * the server's refusals (blank, too long, not logged in …) reject at once with its message.
 */
export async function sayWithRetry(
  api: ApiClient,
  body: SayBody & { client_msg_id: string },
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<ChatMessage> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await api.call("/servicer/api/chat/say", body);
    } catch (error) {
      if (!isNetworkFailure(error) || attempt + 1 >= SAY_ATTEMPTS) throw error;
      await wait(reconnectDelay(attempt));
    }
  }
}
