import { afterAll, beforeAll } from "vitest";
import type { Envelope } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import type { PayProvider, RefundRequest } from "../pay/providers/provider.ts";
import { settleTrade } from "../pay/trade.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { createTestOrder, grantAccount, loginTestStaff, type TestOrderInput } from "../order/test-fixtures.ts";

/** Helpers of the refund tests (not imported by production code). */

export interface PaidOrder {
  orderId: number;
  orderNo: string;
  outTradeNo: string;
  lineIds: number[];
}

export interface PaidOrderOptions {
  /** shipping fee added to the order (cents) */
  deliveryCents?: number;
  /** pay the trade through this gateway (e.g. "sandbox") instead of the balance method */
  gateway?: string;
}

/**
 * A paid order (createTestOrder + settlement): balance deducted at checkout as `balanceCents`, the
 * rest paid by the balance method or the gateway, an optional shipping fee on top.
 */
export async function paidOrder(db: Db, input: TestOrderInput, options: PaidOrderOptions = {}): Promise<PaidOrder> {
  const order = await createTestOrder(db, input);
  const delivery = options.deliveryCents ?? 0;
  await unitOfWork(db, async (tx) => {
    if (delivery > 0) {
      await tx
        .updateTable("orders")
        .set((eb) => ({
          delivery_money_cents: delivery,
          order_money_cents: eb("order_money_cents", "+", delivery),
          pay_money_cents: eb("pay_money_cents", "+", delivery),
        }))
        .where("order_id", "=", order.orderId)
        .execute();
      await tx.updateTable("pay").set((eb) => ({ pay_money_cents: eb("pay_money_cents", "+", delivery) })).where("out_trade_no", "=", order.outTradeNo).execute();
    }
    const outcome = await settleTrade(tx, order.outTradeNo, {
      payType: options.gateway ?? "balance",
      tradeNo: options.gateway ? `GW${order.outTradeNo}` : "",
      amountCents: order.payMoneyCents + delivery,
      actor: { type: "system", id: 0, name: "测试支付" },
    });
    if (outcome !== "paid") throw new Error(`paidOrder: ${outcome}`);
  });
  const lines = await db.selectFrom("order_goods").select("order_goods_id").where("order_id", "=", order.orderId).orderBy("order_goods_id").execute();
  return { orderId: order.orderId, orderNo: order.orderNo, outTradeNo: order.outTradeNo, lineIds: lines.map((line) => line.order_goods_id) };
}

/** Marks every line shipped and the order 已发货 (what staff shipping does, without packages). */
export async function markShipped(db: Db, orderId: number, status = 3): Promise<void> {
  await db.updateTable("order_goods").set({ delivery_status: 1 }).where("order_id", "=", orderId).execute();
  await db.updateTable("orders").set({ order_status: status, delivery_time: Math.floor(Date.now() / 1000) }).where("order_id", "=", orderId).execute();
}

/** A gateway that accepts every refund and remembers each request (a real one refunds once per outRefundNo). */
export class RecordingGateway implements Pick<PayProvider, "name" | "title" | "refund"> {
  readonly requests: RefundRequest[] = [];
  constructor(
    readonly name = "sandbox",
    readonly title = "测试网关",
  ) {}
  async refund(request: RefundRequest): Promise<void> {
    this.requests.push(request);
  }
  /** Distinct refunds the gateway made (by our refund number). */
  refundedOnce(): Map<string, number> {
    const byNo = new Map<string, number>();
    for (const request of this.requests) byNo.set(request.outRefundNo, request.refundCents);
    return byNo;
  }
}

export const gatewaysOf = (gateway: RecordingGateway) => ({ gateways: new Map([[gateway.name, gateway as unknown as PayProvider]]) });

/** The member's balance (cents). */
export async function balanceOf(db: Db, memberId: number): Promise<number> {
  return Number((await db.selectFrom("member").select("balance_cents").where("member_id", "=", memberId).executeTakeFirstOrThrow()).balance_cents);
}

export async function stockOf(db: Db, skuId: number): Promise<number> {
  return Number((await db.selectFrom("goods_sku").select("stock").where("sku_id", "=", skuId).executeTakeFirstOrThrow()).stock);
}

/** Calls and expects code 0, answering data (the message in the failure). */
export async function ok<T>(t: TestApp, path: string, body: object, token: string): Promise<T> {
  const answer: Envelope<T> = await t.call<T>(path, body, { token });
  if (answer.code !== 0) throw new Error(`${path}: ${answer.code} ${answer.message}`);
  return answer.data;
}

/** What a refund test works with, ready once its describe block's beforeAll has run. */
export interface RefundSuite<K extends string> {
  readonly t: TestApp;
  readonly member: TestMember;
  /** the admin staff's token */
  readonly admin: string;
  /** the SKU of each goods, by the name the suite gave it */
  readonly skus: Record<K, number>;
  db(): Db;
  /** a member call that must succeed, answering its data */
  call<T>(path: string, body: object): Promise<T>;
  /** the same as the admin staff */
  staff<T>(path: string, body: object): Promise<T>;
}

/**
 * The set-up of the refund flow tests, for the describe block that calls it: a fresh app, a member
 * with ¥1000.00 of balance (ledger key `${key}-<member id>`), the admin staff, and one goods per
 * entry of `goods` (name and price in cents, one default SKU with stock 100).
 */
export function refundSuite<K extends string>(key: string, goods: Record<K, [name: string, priceCents: number]>): RefundSuite<K> {
  let ready: { t: TestApp; member: TestMember; admin: string; skus: Record<K, number> } | undefined;
  const get = () => {
    if (!ready) throw new Error("refundSuite: used before its beforeAll ran");
    return ready;
  };
  beforeAll(async () => {
    const t = await startTestApp();
    const member = await registerMember(t);
    const admin = await loginTestStaff(t, "admin");
    const skus = {} as Record<K, number>;
    for (const [id, [name, cents]] of Object.entries(goods) as Array<[K, [string, number]]>) {
      skus[id] = (await insertGoods(t.app.deps.db, name, { skus: [{ is_default: 1, discount_price_cents: cents, price_cents: cents, stock: 100 }] })).skuIds[0]!;
    }
    await grantAccount(t.app.deps.db, member.member_id, "balance", 100_000, `${key}-${member.member_id}`);
    ready = { t, member, admin, skus };
  });
  afterAll(() => ready?.t.close());
  return {
    get t() { return get().t; },
    get member() { return get().member; },
    get admin() { return get().admin; },
    get skus() { return get().skus; },
    db: () => get().t.app.deps.db,
    call: <T>(path: string, body: object) => ok<T>(get().t, path, body, get().member.token),
    staff: <T>(path: string, body: object) => ok<T>(get().t, path, body, get().admin),
  };
}
