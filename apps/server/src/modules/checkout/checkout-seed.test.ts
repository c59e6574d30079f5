import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderCalculation, OrderPaymentPreview, TokenResult } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { solvedCaptcha } from "../auth/testing.ts";
import { ledgerSum } from "../account/ledger.ts";
import { DEMO_BALANCE_CENTS, DEMO_POINTS, EXPRESS_COMPANIES, VOUCHER_SUFFIX } from "../../seed/checkout.ts";
import { insertAddress } from "./test-fixtures.ts";
import { DEMO_MEMBER_ID } from "../../seed/members.ts";

/** The seeded demo shop can check out: templates, companies, the demo member's ledger, vouchers. */
describe("seeded checkout data", () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp({ seed: true });
    const login = await t.call<TokenResult>("/api/login/login", { username: "demo", password: "demo123456", ...(await solvedCaptcha(t)) });
    token = login.data.token;
  });
  afterAll(() => t.close());

  it("grants the demo member's balance and points through the ledger", async () => {
    const db = t.app.deps.db;
    const member = await db.selectFrom("member").select(["balance_cents", "point"]).where("member_id", "=", DEMO_MEMBER_ID).executeTakeFirstOrThrow();
    // Later seeds (orders, levels, sign-ins, recharges, withdrawals) move the totals too, always through the ledger.
    expect(member).toEqual({ balance_cents: await ledgerSum(db, DEMO_MEMBER_ID, "balance"), point: await ledgerSum(db, DEMO_MEMBER_ID, "point") });
    // The opening grant (seed/checkout.ts), the first rows the seed writes for the demo, once.
    const rows = await db
      .selectFrom("member_account")
      .select(["account_type", "account_data", "from_type", "business_id"])
      .where("member_id", "=", DEMO_MEMBER_ID)
      .orderBy("id")
      .execute();
    expect(rows.slice(0, 2)).toEqual([
      { account_type: "balance", account_data: DEMO_BALANCE_CENTS, from_type: "seed_grant", business_id: "demo_start" },
      { account_type: "point", account_data: DEMO_POINTS, from_type: "seed_grant", business_id: "demo_start" },
    ]);
    expect(rows.filter((row) => row.from_type === "seed_grant")).toHaveLength(2);
  });

  it("has express companies, a default template and virtual goods named as vouchers", async () => {
    const db = t.app.deps.db;
    expect((await db.selectFrom("express_company").select("company_name").orderBy("sort").execute()).map((row) => row.company_name)).toEqual(EXPRESS_COMPANIES.map(([name]) => name));
    expect(await db.selectFrom("express_template").select(["fee_type", "is_default"]).execute()).toEqual([{ fee_type: 2, is_default: 1 }]);
    const vouchers = await db.selectFrom("goods").select(["goods_id", "goods_name", "is_free_shipping"]).where("goods_class", "=", 2).execute();
    expect(vouchers.length).toBeGreaterThan(0);
    for (const voucher of vouchers) {
      expect(voucher.goods_name.endsWith(VOUCHER_SUFFIX)).toBe(true);
      const skus = await db.selectFrom("goods_sku").select("sku_name").where("goods_id", "=", voucher.goods_id).execute();
      for (const sku of skus) expect(sku.sku_name.startsWith(voucher.goods_name)).toBe(true);
    }
  });

  it("prices a seeded SKU to 新疆 with the remote rule and a voucher without an address", async () => {
    const db = t.app.deps.db;
    const sku = await db
      .selectFrom("goods_sku")
      .innerJoin("goods", "goods.goods_id", "goods_sku.goods_id")
      .select(["goods_sku.sku_id", "goods_sku.discount_price_cents"])
      .where("goods.goods_class", "=", 1)
      .where("goods.is_free_shipping", "=", 0)
      .where("goods_sku.discount_price_cents", "<", 4000)
      .where("goods_sku.stock", ">=", 2)
      .orderBy("goods_sku.sku_id")
      .executeTakeFirstOrThrow();
    const addressId = await insertAddress(db, 1, "xinjiang");
    const preview = await t.call<OrderPaymentPreview>("/api/ordercreate/payment", { sku_id: sku.sku_id, num: 2 }, { token });
    expect(preview.code, preview.message).toBe(0);
    const calculation = await t.call<OrderCalculation>(
      "/api/ordercreate/calculate",
      { order_key: preview.data.order_key, delivery: { delivery_type: "express" }, member_address: { id: addressId } },
      { token },
    );
    // 新疆: ¥20.00 for the first item, ¥10.00 for the second (goods under the ¥99.00 threshold).
    expect(calculation.data.delivery_money).toBe("30.00");

    const voucher = await db
      .selectFrom("goods_sku")
      .innerJoin("goods", "goods.goods_id", "goods_sku.goods_id")
      .select("goods_sku.sku_id")
      .where("goods.goods_class", "=", 2)
      .executeTakeFirstOrThrow();
    const virtual = await t.call<OrderPaymentPreview>("/api/ordercreate/payment", { sku_id: voucher.sku_id, num: 1 }, { token });
    expect(virtual.data.is_virtual).toBe(1);
  });
});
