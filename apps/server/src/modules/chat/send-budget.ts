import { Code } from "@shop/contract/codes";
import { fail } from "../../core/errors.ts";
import { RATE_LIMITED_MESSAGE } from "../../core/rate-limits.ts";

/**
 * How fast one sender may send messages (per server instance): a bucket of `burst` messages that
 * refills at `perSecond`. A member pasting into the input and hammering Enter is slowed down; a
 * script flooding a servicer is refused with -10029 instead of filling the conversation.
 */
export const SEND_BURST = 10;
export const SEND_PER_SECOND = 2;

export class SendBudget {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly burst = SEND_BURST,
    private readonly perSecond = SEND_PER_SECOND,
  ) {}

  /** Takes one message from `sender`'s budget; false when it is spent. */
  take(sender: string, at = Date.now()): boolean {
    const bucket = this.buckets.get(sender) ?? { tokens: this.burst, at };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((at - bucket.at) / 1000) * this.perSecond);
    bucket.at = at;
    if (bucket.tokens < 1) {
      this.buckets.set(sender, bucket);
      return false;
    }
    bucket.tokens -= 1;
    this.buckets.set(sender, bucket);
    return true;
  }

  /** Forgets the senders whose budget has refilled (run now and then, so the map does not grow). */
  prune(at = Date.now()): void {
    const refillMs = (this.burst / this.perSecond) * 1000;
    for (const [sender, bucket] of this.buckets) if (at - bucket.at >= refillMs) this.buckets.delete(sender);
  }
}

/** Takes one message from `sender`'s budget ("member:1", "staff:2"), or refuses with -10029. */
export function spendSendBudget(budget: SendBudget, sender: string): void {
  if (!budget.take(sender)) fail(RATE_LIMITED_MESSAGE, Code.TOO_MANY_REQUESTS);
}
