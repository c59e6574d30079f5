import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderPaymentPreview } from "@shop/contract";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { setConfig } from "../../core/config-store.ts";
import type { TestMember } from "../auth/testing.ts";
import { FEE_BY_COUNT } from "../checkout/freight.ts";
import { insertAddress, insertCartLines, registerBuyer, useFreightTemplate } from "../checkout/test-fixtures.ts";
import { closeOrder } from "../order/close.ts";
import { staffToken } from "../staff/testing.ts";
import { changeSkus, setSkuStock } from "./goods-admin.ts";
import { insertGoods } from "./test-fixtures.ts";

/**
 * goods.stock_total, the SKUs' stock summed by database triggers (migration 0034, ADR 0029): equal to
 * the sum after every kind of SKU write, whichever code wrote it, and when those writes race (truly
 * concurrently on PostgreSQL, where the total is added at commit in goods_id order).
 */
describe("goods.stock_total follows the SKUs' stock", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await useFreightTemplate(db(), FEE_BY_COUNT, [{ region_ids: "", first_unit: 1, first_cents: 0, continue_unit: 1, continue_cents: 0 }]);
    await setConfig(db(), "express_config", { free_shipping_above_cents: 0 });
  });
  afterAll(() => t?.close());

  const db = () => t.app.deps.db;
  const totalOf = async (goodsId: number) =>
    Number((await db().selectFrom("goods").select("stock_total").where("goods_id", "=", goodsId).executeTakeFirstOrThrow()).stock_total);
  /** Goods whose total is not their SKUs' sum: [goods_id, total, sum]. */
  const drift = async () => {
    const rows = await db()
      .selectFrom("goods")
      .select((eb) => [
        "goods.goods_id", "goods.stock_total",
        eb.cast<number>(eb.fn.coalesce(eb.selectFrom("goods_sku").select((inner) => inner.fn.sum<number>("goods_sku.stock").as("s")).whereRef("goods_sku.goods_id", "=", "goods.goods_id"), eb.lit(0)), "bigint").as("sum"),
      ])
      .execute();
    return rows.filter((row) => Number(row.stock_total) !== Number(row.sum)).map((row) => [row.goods_id, Number(row.stock_total), Number(row.sum)]);
  };

  it("follows inserts, stock writes (one row or many), moves and deletes of SKUs", async () => {
    const lamp = await insertGoods(db(), "台灯", { skus: [{ stock: 4, is_default: 1 }, { stock: 0 }, { stock: 9 }] });
    const desk = await insertGoods(db(), "书桌", { skus: [{ stock: 5 }] });
    expect([await totalOf(lamp.goodsId), await totalOf(desk.goodsId)]).toEqual([13, 5]);
    const [first, , third] = lamp.skuIds as [number, number, number];
    await db().updateTable("goods_sku").set((eb) => ({ stock: eb("stock", "-", 3) })).where("sku_id", "=", first).where("stock", ">=", 3).execute();
    expect(await totalOf(lamp.goodsId)).toBe(10);
    await db().updateTable("goods_sku").set((eb) => ({ stock: eb("stock", "+", 2) })).where("goods_id", "=", lamp.goodsId).execute();
    expect(await totalOf(lamp.goodsId)).toBe(16);
    // Prices only: the total stays.
    await db().updateTable("goods_sku").set({ price_cents: 1 }).where("goods_id", "=", lamp.goodsId).execute();
    expect(await totalOf(lamp.goodsId)).toBe(16);
    await db().updateTable("goods_sku").set({ goods_id: desk.goodsId }).where("sku_id", "=", third).execute();
    expect([await totalOf(lamp.goodsId), await totalOf(desk.goodsId)]).toEqual([5, 16]);
    await db().deleteFrom("goods_sku").where("sku_id", "=", third).execute();
    expect(await totalOf(desk.goodsId)).toBe(5);
    await db().deleteFrom("goods_sku").where("goods_id", "=", lamp.goodsId).execute();
    expect(await totalOf(lamp.goodsId)).toBe(0);
    expect(await drift()).toEqual([]);
  });

  it("counts a unit of work's writes once, when it commits; a rolled-back unit changes nothing", async () => {
    const { goodsId, skuIds } = await insertGoods(db(), "杯子", { skus: [{ stock: 10 }, { stock: 10 }] });
    await unitOfWork(db(), async (tx) => {
      await tx.updateTable("goods_sku").set((eb) => ({ stock: eb("stock", "-", 1) })).where("sku_id", "=", skuIds[0]!).execute();
      await tx.updateTable("goods_sku").set((eb) => ({ stock: eb("stock", "-", 2) })).where("sku_id", "=", skuIds[1]!).execute();
      await tx.updateTable("goods_sku").set((eb) => ({ stock: eb("stock", "+", 1) })).where("sku_id", "=", skuIds[0]!).execute();
      await tx.insertInto("goods_sku").values({ ...skuRow(goodsId), stock: 7 }).execute();
    });
    expect(await totalOf(goodsId)).toBe(25);
    const failed = unitOfWork(db(), async (tx) => {
      await tx.updateTable("goods_sku").set({ stock: 100 }).where("goods_id", "=", goodsId).execute();
      throw new Error("rolled back");
    });
    await expect(failed).rejects.toThrow("rolled back");
    expect(await totalOf(goodsId)).toBe(25);
  });

  it("ignores what a goods insert or update says about the total (copygoods copies a whole row)", async () => {
    const { goodsId } = await insertGoods(db(), "台历", { goods: { stock_total: 999 }, skus: [{ stock: 3 }] });
    expect(await totalOf(goodsId)).toBe(3);
    await db().updateTable("goods").set({ stock_total: 500, sort: 1 }).where("goods_id", "=", goodsId).execute();
    expect(await totalOf(goodsId)).toBe(3);
    const admin = await staffToken(t);
    const copy = await t.call<{ goods_id: number }>("/shopapi/goods/copygoods", { goods_id: goodsId }, { token: admin });
    expect(copy.code, copy.message).toBe(0);
    expect(await totalOf(copy.data.goods_id)).toBe(3);
    expect(await drift()).toEqual([]);
  });

  it("stays the SKUs' sum while checkouts, closes, stock edits and SKU adds and deletes race", async () => {
    // Goods ids and SKU ids in different orders: a checkout of [late, bag] locks SKUs bag → late,
    // and their goods the other way round.
    const shoes = await insertGoods(db(), "跑鞋", { skus: [{ stock: 30, discount_price_cents: 100 }, { stock: 30, discount_price_cents: 100 }] });
    const bag = await insertGoods(db(), "背包", { skus: [{ stock: 30, discount_price_cents: 100 }] });
    const { sku_id: late } = await db().insertInto("goods_sku").values({ ...skuRow(shoes.goodsId), stock: 30, discount_price_cents: 100 }).returning("sku_id").executeTakeFirstOrThrow();
    const [shoeA, shoeB] = shoes.skuIds as [number, number];
    const bagSku = bag.skuIds[0]!;
    const carts: Array<Array<[number, number]>> = [[[late, 2], [bagSku, 1]], [[shoeA, 1], [bagSku, 2]], [[shoeB, 3], [late, 1]], [[bagSku, 1], [shoeA, 2], [late, 1]]];

    const checkout = async (lines: Array<[number, number]>, balance: boolean) => {
      const buyer = await registerBuyer(t, balance ? { balanceCents: 100_000 } : {});
      const addressId = await insertAddress(db(), buyer.member_id, "beijing", 1);
      const cartIds = await addToCart(buyer, lines);
      const preview = await t.call<OrderPaymentPreview>("/api/ordercreate/payment", { cart_ids: cartIds }, { token: buyer.token });
      expect(preview.code, preview.message).toBe(0);
      const body = { order_key: preview.data.order_key, delivery: { delivery_type: "express" }, member_address: { id: addressId }, is_balance: balance ? 1 : 0 };
      return () => t.call<string>("/api/ordercreate/create", body, { token: buyer.token });
    };
    // Orders to close during the race, made before it.
    const toClose: number[] = [];
    for (const lines of carts.slice(0, 2)) {
      const answer = await (await checkout(lines, false))();
      expect(answer.code, answer.message).toBe(0);
      toClose.push((await db().selectFrom("pay").select("order_ids").where("out_trade_no", "=", answer.data).executeTakeFirstOrThrow()).order_ids.split(",").filter(Boolean).map(Number)[0]!);
    }
    // Half of the racing orders are paid in full by balance: paid in the same unit, which also counts sales on the goods rows.
    const creates = await Promise.all(Array.from({ length: 12 }, (_, index) => checkout(carts[index % carts.length]!, index % 2 === 0)));

    const results = await Promise.allSettled([
      ...creates.map((create) => create()),
      ...toClose.map((orderId) => closeOrder(db(), orderId, { type: "system", id: 0, name: "测试" }, "测试关闭")),
      setSkuStock(db(), shoeB, 40),
      unitOfWork(db(), (tx) => changeSkus(tx, [{ sku_id: bagSku, stock: 50 }, { sku_id: late, stock: 45 }])),
      db().insertInto("goods_sku").values({ ...skuRow(bag.goodsId), stock: 6 }).execute(),
      db().insertInto("goods_sku").values({ ...skuRow(shoes.goodsId), stock: 4 }).returning("sku_id").executeTakeFirstOrThrow()
        .then(({ sku_id }) => db().deleteFrom("goods_sku").where("sku_id", "=", sku_id).execute()),
    ]);
    // Nothing failed for any other reason than stock (a deadlock, a lost update …).
    const refusals = results.map((result) =>
      result.status === "rejected" ? String(result.reason) : typeof result.value === "object" && result.value && "code" in result.value && result.value.code !== 0 ? result.value.message : "",
    );
    expect(refusals.filter((message) => message && !message.includes("库存不足"))).toEqual([]);
    expect(await drift()).toEqual([]);
    const created = results.slice(0, creates.length).filter((result) => result.status === "fulfilled" && (result.value as { code: number }).code === 0);
    expect(created.length).toBeGreaterThan(0);
  });

  it.runIf(usingPostgres())("adds a commit's totals in goods_id order, the order payments lock goods rows in: they wait, never deadlock", async () => {
    const first = await insertGoods(db(), "甲", { skus: [{ stock: 5 }] });
    const second = await insertGoods(db(), "乙", { skus: [{ stock: 5 }] });
    // A SKU of the first goods with a higher id than the second's: a unit writing SKUs in sku_id order touches the second goods first.
    const { sku_id: late } = await db().insertInto("goods_sku").values({ ...skuRow(first.goodsId), stock: 5 }).returning("sku_id").executeTakeFirstOrThrow();
    let holding!: () => void;
    const holdsFirst = new Promise<void>((resolve) => (holding = resolve));
    let takerPid = 0;
    // Like countSales: goods rows in goods_id order, the second only once the taker's commit waits for the first.
    const pay = unitOfWork(db(), async (tx) => {
      await tx.updateTable("goods").set((eb) => ({ sale_num: eb("sale_num", "+", 1) })).where("goods_id", "=", first.goodsId).execute();
      holding();
      await waitUntilBlocked(() => takerPid);
      await tx.updateTable("goods").set((eb) => ({ sale_num: eb("sale_num", "+", 1) })).where("goods_id", "=", second.goodsId).execute();
    });
    await holdsFirst;
    const take = unitOfWork(db(), async (tx) => {
      takerPid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(tx)).rows[0]!.pid;
      for (const skuId of [second.skuIds[0]!, late]) {
        await tx.updateTable("goods_sku").set((eb) => ({ stock: eb("stock", "-", 1) })).where("sku_id", "=", skuId).execute();
      }
    });
    await Promise.all([pay, take]);
    expect([await totalOf(first.goodsId), await totalOf(second.goodsId)]).toEqual([9, 4]);
  });

  /** Polls (no fixed sleep) until the backend `pid()` names waits for a lock. */
  const waitUntilBlocked = async (pid: () => number) => {
    for (let attempt = 0; attempt < 2000; attempt += 1) {
      const row = pid() ? await sql<{ wait: string | null }>`select wait_event_type as wait from pg_stat_activity where pid = ${pid()}`.execute(db()) : null;
      if (row?.rows[0]?.wait === "Lock") return;
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error("the taker never waited for the goods row");
  };

  const skuRow = (goodsId: number) => ({
    goods_id: goodsId, sku_name: "规格", sku_no: "", sku_spec_format: "", spec_name: "", price_cents: 100, market_price_cents: 100,
    discount_price_cents: 100, sale_num: 0, sku_image: "", sku_images: "", weight: 0, is_default: 0, create_time: 1_700_000_000, stock: 0,
  });
  const addToCart = (buyer: TestMember, lines: Array<[number, number]>) => insertCartLines(db(), buyer.member_id, lines);
});
