import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderPaymentPreview } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import type { TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { ledgerSum } from "../account/ledger.ts";
import { PayStatus } from "../pay/trade.ts";
import { ORDER_JOBS } from "../order/close.ts";
import { OrderStatus } from "../order/state-machine.ts";
import { now } from "../../core/time.ts";
import { setConfig } from "../../core/config-store.ts";
import { FEE_BY_COUNT } from "./freight.ts";
import { insertAddress, insertCartLines, insertStore, registerBuyer, tomorrowAtTen, useFreightTemplate } from "./test-fixtures.ts";

/** create: the whole order in one unit of work, once per order_key, or nothing at all. */
describe("checkout create", () => {
  let t: TestApp;
  let skuCup: number;
  let skuCable: number;
  let skuCard: number;

  beforeAll(async () => {
    t = await startTestApp();
    const db = t.app.deps.db;
    await useFreightTemplate(db, FEE_BY_COUNT, [{ region_ids: "", first_unit: 1, first_cents: 1000, continue_unit: 1, continue_cents: 500 }]);
    await setConfig(db, "express_config", { free_shipping_above_cents: 0 });
    skuCup = (await insertGoods(db, "保温杯", { goods: { goods_stock: 50 }, skus: [{ discount_price_cents: 4500, sku_name: "保温杯 白色" }] })).skuIds[0]!;
    skuCable = (await insertGoods(db, "数据线", { goods: { goods_stock: 50 }, skus: [{ discount_price_cents: 1990 }] })).skuIds[0]!;
    skuCard = (await insertGoods(db, "观影兑换券", { goods: { goods_stock: 50, goods_class: 2 }, skus: [{ discount_price_cents: 3990 }] })).skuIds[0]!;
  });
  afterAll(() => t.close());

  const db = () => t.app.deps.db;
  const stockOf = async (skuId: number) => (await db().selectFrom("goods_sku").select("stock").where("sku_id", "=", skuId).executeTakeFirstOrThrow()).stock;
  const memberOf = (buyer: TestMember) => db().selectFrom("member").select(["balance_cents", "point"]).where("member_id", "=", buyer.member_id).executeTakeFirstOrThrow();
  const preview = async (buyer: TestMember, body: object) => {
    const response = await t.call<OrderPaymentPreview>("/api/ordercreate/payment", body, { token: buyer.token });
    expect(response.code, response.message).toBe(0);
    return response.data.order_key;
  };
  const create = (buyer: TestMember, body: object) => t.call<string>("/api/ordercreate/create", body, { token: buyer.token });
  const addToCart = (buyer: TestMember, lines: Array<[number, number]>) => insertCartLines(db(), buyer.member_id, lines);

  it("writes the order, its lines, log, ledger rows, trade and auto-close job, and empties the used cart lines", async () => {
    const buyer = await registerBuyer(t, { balanceCents: 2000, points: 500 });
    const addressId = await insertAddress(db(), buyer.member_id, "shanghai", 1);
    const cartIds = await addToCart(buyer, [[skuCup, 2], [skuCable, 1]]);
    const [kept] = await addToCart(buyer, [[skuCard, 1]]);
    const order_key = await preview(buyer, { cart_ids: cartIds.join(",") });
    const choices = {
      order_key, delivery: JSON.stringify({ delivery_type: "express" }), member_address: JSON.stringify({ id: addressId }), is_balance: 1, is_point: 1,
      buyer_message: "  请周末送货  ", is_invoice: 1, invoice_type: 2, invoice_title_type: 1, invoice_title: "张三", invoice_content: "商品明细",
      invoice_email: "zhangsan@example.com",
    };
    const shown = (await t.call<{ pay_money: string }>("/api/ordercreate/calculate", choices, { token: buyer.token })).data.pay_money;
    const before = { cup: await stockOf(skuCup), cable: await stockOf(skuCable) };
    const started = now();
    const response = await create(buyer, { ...choices, pay_money: shown });
    expect(response.code, response.message).toBe(0);
    const outTradeNo = response.data;

    const order = await db().selectFrom("orders").selectAll().where("order_key", "=", order_key).executeTakeFirstOrThrow();
    // Goods 2 × 45.00 + 19.90 = 109.90; freight 10.00 + 2 × 5.00 = 20.00; invoice 6% = 6.59;
    // points 500 = 5.00; order 131.49; balance 20.00; pay 111.49.
    expect(order).toMatchObject({
      member_id: buyer.member_id, order_status: OrderStatus.WAIT_PAY, order_type: 1, delivery_type: "express", out_trade_no: outTradeNo,
      goods_money_cents: 10990, delivery_money_cents: 2000, invoice_money_cents: 659, point_money_cents: 500, point: 500,
      coupon_money_cents: 0, promotion_money_cents: 0, balance_money_cents: 2000, order_money_cents: 13149, pay_money_cents: 11149,
      goods_num: 3, name: "张三", mobile: "13800138000", province_id: 310000, city_id: 310100, district_id: 310101, address: "长安街 1 号",
      full_address: "上海市 市辖区 黄浦区", buyer_message: "请周末送货", is_invoice: 1, invoice_type: 2, invoice_title: "张三",
      invoice_email: "zhangsan@example.com", order_name: "保温杯 白色 等2种商品", verify_code: "",
    });
    expect(shown).toBe("111.49");
    expect(order.order_no).toMatch(/^\d{20}$/);
    expect(order.auto_close_time - order.create_time).toBe(30 * 60);
    expect(order.create_time).toBeGreaterThanOrEqual(started);

    const lines = await db().selectFrom("order_goods").selectAll().where("order_id", "=", order.order_id).orderBy("order_goods_id").execute();
    expect(lines.map((line) => [line.sku_id, line.num, line.price_cents, line.goods_money_cents])).toEqual([[skuCup, 2, 4500, 9000], [skuCable, 1, 1990, 1990]]);
    // The 5.00 of points spread over the lines in proportion (409.46 + 90.54 → 410 + 90 cents).
    expect(lines.reduce((sum, line) => sum + line.real_goods_money_cents, 0)).toBe(10990 - 500);
    expect(lines.map((line) => line.real_goods_money_cents)).toEqual([9000 - 410, 1990 - 90]);

    expect(await stockOf(skuCup)).toBe(before.cup - 2);
    expect(await stockOf(skuCable)).toBe(before.cable - 1);
    const log = await db().selectFrom("order_log").selectAll().where("order_id", "=", order.order_id).execute();
    expect(log).toEqual([expect.objectContaining({ action: "create", to_status: 0, actor_type: "member", actor_id: buyer.member_id })]);
    const ledger = await db().selectFrom("member_account").selectAll().where("business_id", "=", String(order.order_id)).orderBy("id").execute();
    expect(ledger.map((row) => [row.account_type, row.from_type, row.account_data])).toEqual([["point", "order_use_point", -500], ["balance", "order_use_balance", -2000]]);
    expect(await memberOf(buyer)).toEqual({ balance_cents: 0, point: 0 });
    expect(await ledgerSum(db(), buyer.member_id, "balance")).toBe(0);
    expect(await ledgerSum(db(), buyer.member_id, "point")).toBe(0);

    const trade = await db().selectFrom("pay").selectAll().where("out_trade_no", "=", outTradeNo).executeTakeFirstOrThrow();
    expect(trade).toMatchObject({ member_id: buyer.member_id, pay_money_cents: 11149, pay_status: PayStatus.PENDING, order_ids: `,${order.order_id},` });
    const job = await db().selectFrom("job").selectAll().where("dedupe_key", "=", `${ORDER_JOBS.autoClose}:${order.order_id}`).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ kind: ORDER_JOBS.autoClose, run_at: order.auto_close_time, status: "pending" });
    expect(JSON.parse(job.payload)).toEqual({ order_id: order.order_id });

    const cart = await db().selectFrom("cart").select("cart_id").where("member_id", "=", buyer.member_id).execute();
    expect(cart.map((row) => row.cart_id)).toEqual([kept]);
  });

  it("creates one order per order_key, however often and however concurrently create is called", async () => {
    const buyer = await registerBuyer(t);
    const addressId = await insertAddress(db(), buyer.member_id, "beijing", 1);
    const order_key = await preview(buyer, { sku_id: skuCable, num: 2 });
    const body = { order_key, delivery: { delivery_type: "express" }, member_address: { id: addressId } };
    const stock = await stockOf(skuCable);
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(buyer, body)));
    expect(answers.map((answer) => answer.code)).toEqual([0, 0, 0, 0, 0]);
    expect(new Set(answers.map((answer) => answer.data)).size).toBe(1);
    const again = await create(buyer, body);
    expect(again.data).toBe(answers[0]!.data);
    const orders = await db().selectFrom("orders").select("order_id").where("member_id", "=", buyer.member_id).execute();
    expect(orders).toHaveLength(1);
    expect(await stockOf(skuCable)).toBe(stock - 2);
    expect(await db().selectFrom("pay").select("id").where("member_id", "=", buyer.member_id).execute()).toHaveLength(1);
  });

  it("leaves nothing behind when one line is short of stock", async () => {
    const buyer = await registerBuyer(t, { balanceCents: 1000, points: 300 });
    const addressId = await insertAddress(db(), buyer.member_id, "beijing", 1);
    const cartIds = await addToCart(buyer, [[skuCup, 1], [skuCable, 3]]);
    const order_key = await preview(buyer, { cart_ids: cartIds });
    const cupStock = await stockOf(skuCup);
    // Someone bought the cables meanwhile: 2 left for a line of 3 (the cup line is taken first).
    await db().updateTable("goods_sku").set({ stock: 2 }).where("sku_id", "=", skuCable).execute();
    const answer = await create(buyer, { order_key, delivery: { delivery_type: "express" }, member_address: { id: addressId }, is_balance: 1, is_point: 1 });
    expect(answer).toMatchObject({ code: -1, message: "「数据线」库存不足" });
    expect(await stockOf(skuCup)).toBe(cupStock);
    expect(await stockOf(skuCable)).toBe(2);
    expect(await db().selectFrom("orders").select("order_id").where("member_id", "=", buyer.member_id).execute()).toEqual([]);
    expect(await db().selectFrom("pay").select("id").where("member_id", "=", buyer.member_id).execute()).toEqual([]);
    expect(await db().selectFrom("member_account").select("id").where("member_id", "=", buyer.member_id).where("from_type", "like", "order_%").execute()).toEqual([]);
    expect(await memberOf(buyer)).toEqual({ balance_cents: 1000, point: 300 });
    expect((await db().selectFrom("cart").select("cart_id").where("member_id", "=", buyer.member_id).execute()).map((row) => row.cart_id)).toEqual(cartIds);
    await db().updateTable("goods_sku").set({ stock: 50 }).where("sku_id", "=", skuCable).execute();
  });

  it("sells exactly the stock to buyers racing for it; the others are told 库存不足", async () => {
    const { skuIds } = await insertGoods(db(), "限量徽章", { goods: { goods_stock: 5 }, skus: [{ discount_price_cents: 990 }] });
    const buyers = await Promise.all(Array.from({ length: 8 }, () => registerBuyer(t)));
    const checkouts = await Promise.all(
      buyers.map(async (buyer) => ({ buyer, addressId: await insertAddress(db(), buyer.member_id, "beijing", 1), order_key: await preview(buyer, { sku_id: skuIds[0], num: 1 }) })),
    );
    // Every preview saw 5 in stock; the creates race (truly concurrently on PostgreSQL).
    const answers = await Promise.all(
      checkouts.map(({ buyer, addressId, order_key }) => create(buyer, { order_key, delivery: { delivery_type: "express" }, member_address: { id: addressId } })),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(5);
    expect(answers.filter((answer) => answer.code !== 0).map((answer) => answer.message)).toEqual(["「限量徽章」库存不足", "「限量徽章」库存不足", "「限量徽章」库存不足"]);
    expect(await stockOf(skuIds[0]!)).toBe(0);
    const lines = await db().selectFrom("order_goods").select("num").where("sku_id", "=", skuIds[0]!).execute();
    expect(lines.reduce((sum, line) => sum + line.num, 0)).toBe(5);
  });

  it("closes by itself at auto_close_time when unpaid, giving back stock, points and balance", async () => {
    const buyer = await registerBuyer(t, { balanceCents: 1000, points: 200 });
    const addressId = await insertAddress(db(), buyer.member_id, "beijing", 1);
    // Its own SKU: the sweep also closes the earlier tests' unpaid orders.
    const skuId = (await insertGoods(db(), "帆布袋", { goods: { goods_stock: 9 }, skus: [{ discount_price_cents: 2990 }] })).skuIds[0]!;
    const order_key = await preview(buyer, { sku_id: skuId, num: 2 });
    const answer = await create(buyer, { order_key, delivery: { delivery_type: "express" }, member_address: { id: addressId }, is_balance: 1, is_point: 1 });
    expect(answer.code, answer.message).toBe(0);
    expect(await memberOf(buyer)).toEqual({ balance_cents: 0, point: 0 });
    expect(await stockOf(skuId)).toBe(7);
    const order = await db().selectFrom("orders").select(["order_id", "auto_close_time"]).where("order_key", "=", order_key).executeTakeFirstOrThrow();
    await t.app.deps.jobs.runDue(order.auto_close_time - 1);
    expect((await db().selectFrom("orders").select("order_status").where("order_id", "=", order.order_id).executeTakeFirstOrThrow()).order_status).toBe(OrderStatus.WAIT_PAY);
    await t.app.deps.jobs.runDue(order.auto_close_time);
    expect((await db().selectFrom("orders").select("order_status").where("order_id", "=", order.order_id).executeTakeFirstOrThrow()).order_status).toBe(OrderStatus.CLOSED);
    expect(await stockOf(skuId)).toBe(9);
    expect(await memberOf(buyer)).toEqual({ balance_cents: 1000, point: 200 });
    expect(await ledgerSum(db(), buyer.member_id, "balance")).toBe(1000);
    expect(await ledgerSum(db(), buyer.member_id, "point")).toBe(200);
  });

  it("pays an order with nothing left to pay at once: no gateway, no auto-close", async () => {
    const buyer = await registerBuyer(t, { balanceCents: 100_000 });
    const addressId = await insertAddress(db(), buyer.member_id, "beijing", 1);
    const order_key = await preview(buyer, { sku_id: skuCup, num: 1 });
    const answer = await create(buyer, { order_key, delivery: { delivery_type: "express" }, member_address: { id: addressId }, is_balance: 1 });
    expect(answer.code, answer.message).toBe(0);
    const order = await db().selectFrom("orders").selectAll().where("order_key", "=", order_key).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ order_status: OrderStatus.WAIT_SEND, pay_status: 1, pay_type: "balance", pay_money_cents: 0, balance_money_cents: 5500 });
    expect(order.pay_time).toBeGreaterThan(0);
    const trade = await db().selectFrom("pay").selectAll().where("out_trade_no", "=", answer.data).executeTakeFirstOrThrow();
    expect(trade).toMatchObject({ pay_status: PayStatus.PAID, pay_money_cents: 0, pay_type: "balance" });
    expect(await db().selectFrom("job").select("id").where("dedupe_key", "=", `${ORDER_JOBS.autoClose}:${order.order_id}`).execute()).toEqual([]);
    expect(await memberOf(buyer)).toMatchObject({ balance_cents: 100_000 - 5500 });
    expect(await ledgerSum(db(), buyer.member_id, "balance")).toBe(100_000 - 5500);
  });

  it("gives pickup and virtual orders a random verification code and their own paid status", async () => {
    const buyer = await registerBuyer(t, { balanceCents: 100_000 });
    const storeId = await insertStore(db(), "人民广场自提点");
    const pickupKey = await preview(buyer, { sku_id: skuCup, num: 1 });
    const pickup = await create(buyer, { order_key: pickupKey, delivery: { delivery_type: "store", store_id: storeId, buyer_ask_delivery_time: tomorrowAtTen() }, is_balance: 1 });
    expect(pickup.code, pickup.message).toBe(0);
    const pickupOrder = await db().selectFrom("orders").selectAll().where("order_key", "=", pickupKey).executeTakeFirstOrThrow();
    expect(pickupOrder).toMatchObject({ order_type: 2, delivery_type: "store", order_status: OrderStatus.WAIT_PICKUP, delivery_money_cents: 0, delivery_store_id: storeId, delivery_store_name: "人民广场自提点", buyer_ask_delivery_time: tomorrowAtTen() });
    expect(JSON.parse(pickupOrder.delivery_store_info)).toMatchObject({ store_name: "人民广场自提点", open_date: "09:00-21:00" });
    expect(pickupOrder.verify_code).toMatch(/^\d{12}$/);

    const virtualKey = await preview(buyer, { sku_id: skuCard, num: 1 });
    const virtual = await create(buyer, { order_key: virtualKey, is_balance: 1 });
    expect(virtual.code, virtual.message).toBe(0);
    const virtualOrder = await db().selectFrom("orders").selectAll().where("order_key", "=", virtualKey).executeTakeFirstOrThrow();
    expect(virtualOrder).toMatchObject({ order_type: 4, delivery_type: "virtual", order_status: OrderStatus.WAIT_USE, province_id: 0, address: "" });
    expect(virtualOrder.verify_code).toMatch(/^\d{12}$/);
    expect(virtualOrder.verify_code).not.toBe(pickupOrder.verify_code);
    expect(virtualOrder.order_no).not.toBe(pickupOrder.order_no);
  });
});
