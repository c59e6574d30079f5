import { describe, expect, it } from "vitest";
import type { OrderPaymentPreview } from "@shop/contract";
import { addressSummary, afterCreatePath, calculateBody, checkoutSourceOf, initialChoices, pickupClocks, pickupDayLabel } from "./checkout-choices.ts";

const preview = {
  order_key: "a".repeat(32),
  delivery: {
    express_type: [{ name: "express", title: "快递配送", store_list: [] }, { name: "store", title: "门店自提", store_list: [] }],
    pickup_days: ["2026-03-01", "2026-03-02"],
  },
  member_address: { id: 7 },
  invoice: { types: [{ value: 2, name: "电子发票" }], contents: ["商品明细"] },
} as unknown as OrderPaymentPreview;

describe("checkout choices", () => {
  it("start with the first delivery type, the default address and no invoice", () => {
    expect(initialChoices(preview)).toMatchObject({ deliveryType: "express", addressId: 7, pickupDay: "2026-03-01", useBalance: false, usePoint: false });
    expect(initialChoices(preview).invoice).toMatchObject({ isInvoice: false, type: 2, titleType: 1, content: "商品明细" });
  });

  it("send delivery and address as the reference's JSON strings", () => {
    const body = calculateBody(preview.order_key, { ...initialChoices(preview), usePoint: true }, false);
    expect(body).toEqual({
      order_key: preview.order_key, delivery: '{"delivery_type":"express"}', member_address: '{"id":7}', coupon: '{"coupon_id":"best"}', is_balance: 0,
      is_point: 1, is_invoice: 0,
    });
  });

  it("start with the best coupon; send the one chosen, or none", () => {
    expect(initialChoices(preview).coupon).toBe("best");
    expect(calculateBody(preview.order_key, { ...initialChoices(preview), coupon: 12 }, false).coupon).toBe('{"coupon_id":12}');
    expect(calculateBody(preview.order_key, { ...initialChoices(preview), coupon: 0 }, true).coupon).toBe('{"coupon_id":0}');
  });

  it("send the store and pickup time instead of an address for pickup, nothing of either for virtual goods", () => {
    const pickup = calculateBody(preview.order_key, { ...initialChoices(preview), deliveryType: "store", storeId: 3, pickupClock: "10:00" }, false);
    expect(JSON.parse(pickup.delivery as string)).toEqual({ delivery_type: "store", store_id: 3, buyer_ask_delivery_time: "2026-03-01 10:00" });
    expect(pickup.member_address).toBeUndefined();
    const virtual = calculateBody(preview.order_key, initialChoices(preview), true);
    expect(virtual.delivery).toBeUndefined();
    expect(virtual.member_address).toBeUndefined();
  });

  it("send only the invoice fields of the chosen kind", () => {
    const choices = initialChoices(preview);
    const invoice = { ...choices.invoice, isInvoice: true, type: 2, titleType: 1, title: " 张三 ", taxpayerNumber: "X", email: "a@b.cn", mailingAddress: "somewhere" };
    expect(calculateBody(preview.order_key, { ...choices, invoice }, false)).toMatchObject({
      is_invoice: 1, invoice_type: 2, invoice_title_type: 1, invoice_title: "张三", taxpayer_number: "", invoice_email: "a@b.cn", invoice_full_address: "",
    });
  });

  it("offer pickup hours on the hour within the opening hours, today only an hour ahead", () => {
    const morning = Date.parse("2026-03-01T08:10:00+08:00");
    expect(pickupClocks("09:00-12:00", "2026-03-02", morning)).toEqual(["09:00", "10:00", "11:00"]);
    expect(pickupClocks("09:30-12:00", "2026-03-02", morning)).toEqual(["10:00", "11:00"]);
    expect(pickupClocks("09:00-12:00", "2026-03-01", Date.parse("2026-03-01T09:10:00+08:00"))).toEqual(["11:00"]);
    expect(pickupClocks("09:00-21:00", "2026-03-01", Date.parse("2026-03-01T20:30:00+08:00"))).toEqual([]);
    expect(pickupClocks("全天", "2026-03-02", morning)).toHaveLength(24);
  });

  it("label days, addresses and the way on after create", () => {
    expect(pickupDayLabel("2026-03-01", 0)).toBe("今天 03月01日 周日");
    expect(pickupDayLabel("2026-03-04", 3)).toBe("03月04日 周三");
    expect(addressSummary({ name: "张三", mobile: "13800138000", full_address: "北京市 市辖区 东城区", address: "长安街 1 号" } as never)).toBe(
      "北京市 市辖区 东城区 长安街 1 号（张三 收 138****8000）",
    );
    expect(afterCreatePath("123", "0.00")).toBe("/pay/result?code=123");
    expect(afterCreatePath("123", "0.01")).toBe("/pay?code=123");
  });

  it("read the purchase from the query", () => {
    expect(checkoutSourceOf(new URLSearchParams("sku_id=5&num=2"))).toEqual({ sku_id: "5", num: "2" });
    expect(checkoutSourceOf(new URLSearchParams("sku_id=5"))).toEqual({ sku_id: "5", num: "1" });
    expect(checkoutSourceOf(new URLSearchParams("cart_ids=1,2"))).toEqual({ cart_ids: "1,2" });
    expect(checkoutSourceOf(new URLSearchParams(""))).toBeNull();
  });
});
