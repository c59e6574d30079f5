import { afterAll, beforeAll } from "vitest";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { registerMember } from "../modules/auth/testing.ts";
import { loginTestStaff } from "../modules/order/test-fixtures.ts";
import { ReferenceClient } from "./reference-client.ts";

/** The shop the conformance suite talks to, and its clients. Not imported by production code. */

/** The origin the shop is reached at (PUBLIC_ORIGIN): absolute URLs it answers must use it. */
export const SHOP_ORIGIN = "http://shop.conformance.test:3450";

/** A seeded shop (the demo catalogue: categories, goods, ads, floors, help, notices, stores …). */
export function startReferenceShop(): Promise<TestApp> {
  return startTestApp({ seed: true, config: { publicOrigin: SHOP_ORIGIN } });
}

/**
 * A seeded shop and a guest reference client for the tests of one file (started before them,
 * closed after them): read `shop.t` and `shop.client` inside the tests.
 */
export function useReferenceShop(): { readonly t: TestApp; readonly client: ReferenceClient } {
  const shop = {} as { t: TestApp; client: ReferenceClient };
  beforeAll(async () => {
    shop.t = await startReferenceShop();
    shop.client = new ReferenceClient(shop.t);
  });
  afterAll(() => shop.t?.close());
  return shop;
}

/** A reference client of a newly registered member (token in the body). */
export async function signedInClient(t: TestApp): Promise<ReferenceClient & { memberId: number }> {
  const member = await registerMember(t);
  return Object.assign(new ReferenceClient(t, member.token), { memberId: member.member_id });
}

/** A seeded shop with the three callers of a shop's calls: a guest, a newly registered member and an admin. */
export async function startShopWithClients(): Promise<{ t: TestApp; guest: ReferenceClient; member: ReferenceClient & { memberId: number }; staff: ReferenceClient }> {
  const t = await startReferenceShop();
  return { t, guest: new ReferenceClient(t), member: await signedInClient(t), staff: new ReferenceClient(t, await loginTestStaff(t, "admin")) };
}

/** Default SKUs of physical goods (goods_class 1) on sale with stock: what an express order can hold. */
export async function physicalSkus(t: TestApp, count: number): Promise<number[]> {
  const rows = await t.app.deps.db
    .selectFrom("goods_sku")
    .innerJoin("goods", "goods.goods_id", "goods_sku.goods_id")
    .select("goods_sku.sku_id")
    .where("goods.goods_state", "=", 1)
    .where("goods.goods_class", "=", 1)
    .where("goods_sku.is_default", "=", 1)
    .where("goods_sku.stock", ">", 10)
    .orderBy("goods_sku.sku_id")
    .limit(count)
    .execute();
  return rows.map((row) => row.sku_id);
}

/** The member's default address in 北京市 市辖区 东城区, added through the API (its id). */
export function addBeijingAddress(member: ReferenceClient): Promise<number> {
  return member.data<number>("/api/memberaddress/add", {
    name: "张三", mobile: "13800138000", province_id: 110000, city_id: 110100, district_id: 110101, address: "长安街 1 号", is_default: 1,
  });
}

/**
 * An express order of one unit of the SKU, placed through checkout as the reference's payment page
 * does (delivery and member_address as JSON strings): its out_trade_no and order id.
 */
export async function placeOrder(t: TestApp, member: ReferenceClient, skuId: number): Promise<{ outTradeNo: string; orderId: number }> {
  const addressId = await addBeijingAddress(member);
  const { order_key } = await member.data<{ order_key: string }>("/api/ordercreate/payment", { sku_id: skuId, num: 1 });
  const outTradeNo = await member.data<string>("/api/ordercreate/create", {
    order_key,
    delivery: JSON.stringify({ delivery_type: "express" }),
    member_address: JSON.stringify({ id: addressId }),
    is_balance: 0,
    is_point: 0,
  });
  const order = await t.app.deps.db.selectFrom("orders").select("order_id").where("out_trade_no", "=", outTradeNo).executeTakeFirstOrThrow();
  return { outTradeNo, orderId: order.order_id };
}
