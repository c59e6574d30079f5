import type { Buyer } from "../proofs/buyers.ts";
import { call, outcomeLabel, Tally, type Outcome } from "./http-client.ts";

/**
 * The load of the proofs, through nginx: shoppers buying and paying (checkout preview → create →
 * balance payment, as bench/checkout.ts), and guests reading the catalog. Every answer is counted
 * by kind; the trades a shopper was told were created (and paid) are kept for the database checks.
 */
export interface Failure {
  at: number;
  step: string;
  label: string;
  requestId: string;
}

export class LoadRecord {
  readonly tally = new Tally();
  /** out_trade_no → member: the client was told the order was created */
  readonly created = new Map<string, number>();
  /** out_trade_no: the client was told the payment went through */
  readonly paid = new Set<string>();
  /** when each purchase completed (paid), ms since epoch */
  readonly completions: number[] = [];
  readonly failures: Failure[] = [];
  requests = 0;

  record(step: string, outcome: Outcome): boolean {
    this.requests += 1;
    const label = outcomeLabel(outcome);
    this.tally.add(`${step}: ${label}`);
    if (label === "ok") return true;
    const requestId = "requestId" in outcome ? outcome.requestId : "";
    if (this.failures.length < 500) this.failures.push({ at: Date.now(), step, label, requestId });
    return false;
  }

  /** Failures of kinds a client must never see: a hang, or an HTTP answer that is neither our envelope nor nginx's own page. */
  forbidden(): Failure[] {
    return this.failures.filter((failure) => failure.label === "hang" || failure.label.startsWith("HTTP "));
  }

  ordersPerSecond(from: number, to: number): number {
    return this.completions.filter((at) => at >= from && at < to).length / Math.max(0.001, (to - from) / 1000);
  }
}

let payAddress = 0;
/** A fresh client address per payment: the per-IP pay limit (60 a minute) is for one shopper, and each purchase stands for one. */
function nextPayAddress(): string {
  payAddress += 1;
  return `127.2.${(payAddress >> 8) & 255}.${(payAddress & 255) || 1}`;
}

export const shopperAddress = (index: number) => `127.1.${index >> 8}.${(index & 255) + 1}`;

/** One purchase through `origin`; answers true when it was paid. */
async function purchase(origin: string, buyer: Buyer, index: number, skuId: number, record: LoadRecord): Promise<boolean> {
  const localAddress = shopperAddress(index);
  const preview = await call(`${origin}/api/ordercreate/payment`, { token: buyer.token, sku_id: skuId, num: 1 }, { localAddress });
  if (!record.record("preview", preview) || preview.kind !== "envelope") return false;
  const orderKey = (preview.data as { order_key: string }).order_key;
  const created = await call(
    `${origin}/api/ordercreate/create`,
    { token: buyer.token, order_key: orderKey, delivery: { delivery_type: "express" }, member_address: { id: buyer.addressId } },
    { localAddress },
  );
  if (!record.record("create", created) || created.kind !== "envelope") return false;
  const outTradeNo = created.data as string;
  record.created.set(outTradeNo, buyer.memberId);
  const paid = await call(`${origin}/api/pay/pay`, { token: buyer.token, out_trade_no: outTradeNo, pay_type: "balance" }, { localAddress: nextPayAddress(), fresh: true });
  if (!record.record("pay", paid)) return false;
  record.paid.add(outTradeNo);
  record.completions.push(Date.now());
  return true;
}

/** Shoppers loop until `stop()`; a failed step waits a little before the next purchase, as a person would retry. */
export function runShoppers(origin: string, buyers: Buyer[], skuIds: number[], record: LoadRecord): { stop(): Promise<void> } {
  let running = true;
  const loops = buyers.map(async (buyer, index) => {
    for (let turn = 0; running; turn += 1) {
      const ok = await purchase(origin, buyer, index, skuIds[(index + turn) % skuIds.length]!, record);
      if (!ok) await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** What guests read: the catalog API, and pages when the storefront is built. */
function guestReads(servesPages: boolean, skuIds: number[]): Array<{ step: string; path: string; body?: object }> {
  const reads: Array<{ step: string; path: string; body?: object }> = [
    { step: "guest site", path: "/api/site/status", body: {} },
    { step: "guest list", path: "/api/goodssku/page", body: { page: 1, page_size: 10 } },
    ...skuIds.slice(0, 3).map((skuId) => ({ step: "guest detail", path: "/api/goodssku/detail", body: { sku_id: skuId } })),
  ];
  if (servesPages) reads.push({ step: "guest page", path: "/web/" });
  return reads;
}

export function runGuests(origin: string, count: number, servesPages: boolean, skuIds: number[], record: LoadRecord): { stop(): Promise<void> } {
  let running = true;
  const reads = guestReads(servesPages, skuIds);
  const loops = Array.from({ length: count }, async (_, index) => {
    for (let turn = index; running; turn += 1) {
      const read = reads[turn % reads.length]!;
      const outcome = await call(`${origin}${read.path}`, read.body, { localAddress: `127.3.0.${index + 1}` });
      record.record(read.step, outcome);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}
