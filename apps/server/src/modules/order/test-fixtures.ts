import { sql } from "kysely";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { expectAffected } from "../../db/conditional.ts";
import { now } from "../../core/time.ts";
import { hashPassword } from "../../core/password.ts";
import { usingPostgres, type TestApp } from "../../test/harness.ts";
import { changeAccount } from "../account/ledger.ts";
import { createTrade, settleTrade } from "../pay/trade.ts";
import { OrderStatus, OrderType } from "./state-machine.ts";
import { enqueueAutoClose } from "./close.ts";

/**
 * An unpaid order as checkout leaves it (stock taken, balance/points deducted, a trade open), for
 * the tests of payment and order handling. Not the checkout itself: prices are the SKUs' prices,
 * no freight. Not imported by production code.
 */
export interface TestOrderInput {
  memberId: number;
  lines: Array<{ skuId: number; num: number }>;
  orderType?: number;
  /** balance deducted at checkout (cents) */
  balanceCents?: number;
  point?: number;
  autoCloseTime?: number;
  /** express (default) | store | local | virtual: set with the matching orderType */
  deliveryType?: string;
  /** pickup / virtual verification code */
  verifyCode?: string;
  /** enqueue the auto-close job at autoCloseTime, as checkout does */
  enqueueAutoClose?: boolean;
}

export interface TestOrder {
  orderId: number;
  orderNo: string;
  outTradeNo: string;
  payMoneyCents: number;
}

let orderCounter = 0;

const deliveryTypeOf = (orderType = OrderType.EXPRESS as number): string =>
  ({ [OrderType.PICKUP]: "store", [OrderType.LOCAL]: "local", [OrderType.VIRTUAL]: "virtual" })[orderType] ?? "express";

export async function createTestOrder(db: Db, input: TestOrderInput): Promise<TestOrder> {
  return unitOfWork(db, async (tx) => {
    const at = now();
    let goodsMoney = 0;
    const lines = [];
    for (const line of input.lines) {
      const sku = await tx
        .selectFrom("goods_sku")
        .innerJoin("goods", "goods.goods_id", "goods_sku.goods_id")
        .select(["goods_sku.sku_id", "goods_sku.goods_id", "goods_sku.sku_name", "goods_sku.sku_image", "goods_sku.sku_no", "goods_sku.discount_price_cents", "goods.goods_name", "goods.goods_class"])
        .where("goods_sku.sku_id", "=", line.skuId)
        .executeTakeFirstOrThrow();
      const taken = await tx
        .updateTable("goods_sku")
        .set((eb) => ({ stock: eb("stock", "-", line.num) }))
        .where("sku_id", "=", line.skuId)
        .where("stock", ">=", line.num)
        .executeTakeFirst();
      expectAffected(taken, 1, `${sku.goods_name} 库存不足`);
      goodsMoney += sku.discount_price_cents * line.num;
      lines.push({ sku, num: line.num });
    }
    const balance = input.balanceCents ?? 0;
    const payMoney = goodsMoney - balance;
    orderCounter += 1;
    const orderNo = `T${at}${process.pid}${orderCounter}`;
    const { order_id: orderId } = await tx
      .insertInto("orders")
      .values({
        order_no: orderNo, order_key: null, out_trade_no: "", site_id: 0, member_id: input.memberId, order_name: lines[0]!.sku.sku_name,
        order_type: input.orderType ?? OrderType.EXPRESS, order_from: "pc", order_status: OrderStatus.WAIT_PAY, pay_status: 0, pay_type: "",
        pay_time: 0, delivery_type: input.deliveryType ?? deliveryTypeOf(input.orderType), name: "张三", mobile: "13800138000", telephone: "", province_id: 110000, city_id: 110100,
        district_id: 110101, address: "长安街 1 号", full_address: "北京市 市辖区 东城区", longitude: "", latitude: "", delivery_store_id: 0,
        delivery_store_name: "", delivery_store_info: "", buyer_ask_delivery_time: "", verify_code: input.verifyCode ?? "",
        goods_money_cents: goodsMoney, delivery_money_cents: 0, promotion_money_cents: 0, coupon_money_cents: 0, point_money_cents: 0,
        balance_money_cents: balance, adjust_money_cents: 0, invoice_money_cents: 0, order_money_cents: goodsMoney, pay_money_cents: payMoney,
        point: input.point ?? 0, goods_num: lines.reduce((sum, line) => sum + line.num, 0), is_invoice: 0, invoice_type: 0,
        invoice_title_type: 0, invoice_title: "", taxpayer_number: "", invoice_content: "", invoice_email: "", invoice_full_address: "",
        buyer_message: "", create_time: at, delivery_time: 0, sign_time: 0, finish_time: 0, close_time: 0, close_cause: "",
        auto_close_time: input.autoCloseTime ?? at + 1800, is_delete: 0, is_evaluate: 0,
      })
      .returning("order_id")
      .executeTakeFirstOrThrow();
    for (const { sku, num } of lines) {
      await tx
        .insertInto("order_goods")
        .values({
          order_id: orderId, member_id: input.memberId, site_id: 0, goods_id: sku.goods_id, sku_id: sku.sku_id, sku_name: sku.sku_name,
          sku_image: sku.sku_image, sku_no: sku.sku_no, goods_name: sku.goods_name, spec_name: "", goods_class: sku.goods_class,
          price_cents: sku.discount_price_cents, num, goods_money_cents: sku.discount_price_cents * num,
          real_goods_money_cents: sku.discount_price_cents * num, delivery_status: 0, refund_status: 0, is_evaluate: 0,
        })
        .execute();
    }
    if (balance > 0) {
      await changeAccount(tx, { memberId: input.memberId, accountType: "balance", amount: -balance, fromType: "order_use_balance", businessId: orderId, typeName: "订单抵扣" });
    }
    if (input.point) {
      await changeAccount(tx, { memberId: input.memberId, accountType: "point", amount: -input.point, fromType: "order_use_point", businessId: orderId, typeName: "订单抵扣" });
    }
    const outTradeNo = await createTrade(tx, { memberId: input.memberId, orderIds: [orderId], amountCents: payMoney, body: lines[0]!.sku.sku_name });
    if (input.enqueueAutoClose) await enqueueAutoClose(tx, orderId, input.autoCloseTime ?? at + 1800);
    return { orderId, orderNo, outTradeNo, payMoneyCents: payMoney };
  });
}

/** Gives a member balance (cents) or points through the ledger, as a recharge or a gift would. */
export async function grantAccount(db: Db, memberId: number, accountType: "balance" | "point", amount: number, businessId: string): Promise<void> {
  await unitOfWork(db, (tx) => changeAccount(tx, { memberId, accountType, amount, fromType: "test_grant", businessId, typeName: "测试发放" }).then(() => undefined));
}

/** Pays a test order's open trade as a gateway's notify would (the order moves to its paid status). */
export async function payTestOrder(db: Db, order: Pick<TestOrder, "outTradeNo" | "payMoneyCents">): Promise<void> {
  await unitOfWork(db, async (tx) => {
    const outcome = await settleTrade(tx, order.outTradeNo, {
      payType: "balance", tradeNo: "", amountCents: order.payMoneyCents, actor: { type: "system", id: 0, name: "测试支付" },
    });
    if (outcome !== "paid") throw new Error(`payTestOrder: trade ${order.outTradeNo} was ${outcome}`);
  });
}

/** An express company to ship with (the seed adds the usual ones; tests that skip the seed add their own). */
export async function insertExpressCompany(db: Db, companyName: string, code: string): Promise<number> {
  const row = await db.insertInto("express_company").values({ company_name: companyName, code, sort: 0 }).returning("company_id").executeTakeFirstOrThrow();
  return row.company_id;
}

let staffCounter = 0;

/** A staff account of the role (the seed's admin / kefu01 may not exist in a test database), logged in: its token. */
export async function loginTestStaff(t: TestApp, role: "admin" | "servicer"): Promise<string> {
  staffCounter += 1;
  const username = `staff_${role}_${process.pid}_${staffCounter}`;
  const password = "staff-secret-1";
  await t.app.deps.db
    .insertInto("staff")
    .values({ username, password: await hashPassword(password), nickname: role === "admin" ? "测试管理员" : "测试客服", role, headimg: "", status: 1, create_time: now() })
    .execute();
  const response = await t.call<{ token: string }>("/shopapi/login/login", { username, password }, { ip: `10.77.${staffCounter >> 8}.${staffCounter & 255}` });
  if (response.code !== 0) throw new Error(`staff login: ${response.message}`);
  return response.data.token;
}

/**
 * For race tests, inside an open unit of work `tx` after starting `other` (a request or unit that
 * runs on another connection): resolves once `other` has finished or waits for a row lock `tx`
 * holds, so the two have met whatever the timing. On SQLite there is nothing to wait for: a unit
 * holds the one connection, and `other` can only start once `tx` has ended.
 */
export async function untilFinishedOrWaitingOn(tx: Db, other: Promise<unknown>): Promise<void> {
  if (!usingPostgres()) return;
  let finished = false;
  const markFinished = () => {
    finished = true;
  };
  other.then(markFinished, markFinished);
  const deadline = Date.now() + 10_000;
  while (!finished) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_locks where not granted and pg_backend_pid() = any(pg_blocking_pids(pid))`.execute(tx);
    if (rows[0]!.waiting > 0) return;
    if (Date.now() > deadline) throw new Error("untilFinishedOrWaitingOn: the other unit neither finished nor waited for our locks within 10 s");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
