import { describe, expect, it } from "vitest";
import type { SeckillDetail, SeckillSkuItem } from "@shop/contract";
import { limitNote, seckillButton, seckillQuantityRange, startSkuId, unitsLeftToBuy } from "./seckill-detail.ts";

const sku = (sku_id: number, stock: number, spec_name = `规格${sku_id}`): SeckillSkuItem => ({
  sku_id, sku_name: `商品 ${spec_name}`, spec_name, sku_spec_format: "[]", sku_image: "", seckill_price: "9.90", price: "19.90", stock, sale_num: 0,
});

type ButtonInput = Parameters<typeof seckillButton>[0];
const running = (patch: Partial<ButtonInput> = {}): ButtonInput => ({
  status: 1, stock: 10, max_buy: 2, member_bought: 0,
  window: { state: "running", state_name: "抢购中", time_id: 3, slot_name: "10:00 场", start_at: 1000, end_at: 2000 },
  ...patch,
});

describe("the seckill page", () => {
  it("starts on the SKU asked for when the seckill sells it", () => {
    const detail = { sku_id: 2, sku_list: [sku(1, 1), sku(2, 1)] } as Pick<SeckillDetail, "sku_id" | "sku_list">;
    expect(startSkuId(detail, "1")).toBe(1);
    expect(startSkuId(detail, "9")).toBe(2);
    expect(startSkuId(detail, null)).toBe(2);
    expect(startSkuId({ sku_id: 7, sku_list: [sku(1, 1)] }, null)).toBe(1);
  });

  it("limits the quantity to the pool and to what the member may still buy", () => {
    expect(unitsLeftToBuy(0, 5)).toBeNull();
    expect(unitsLeftToBuy(2, 1)).toBe(1);
    expect(unitsLeftToBuy(2, 3)).toBe(0);
    expect(seckillQuantityRange(10, 0, 0)).toEqual({ min: 1, max: 10, available: true });
    expect(seckillQuantityRange(10, 3, 1)).toEqual({ min: 1, max: 2, available: true });
    expect(seckillQuantityRange(1, 3, 0)).toEqual({ min: 1, max: 1, available: true });
    expect(seckillQuantityRange(10, 2, 2)).toEqual({ min: 1, max: 1, available: false });
    expect(seckillQuantityRange(0, 2, 0)).toEqual({ min: 1, max: 1, available: false });
  });

  it("turns the button by the window, the pool and the limit", () => {
    expect(seckillButton(running(), 5, 1500)).toBe("running");
    expect(seckillButton(running(), 5, 999)).toBe("upcoming");
    expect(seckillButton(running(), 5, 2000)).toBe("ended");
    expect(seckillButton(running({ status: -1 }), 5, 1500)).toBe("ended");
    expect(seckillButton(running({ window: { ...running().window, state: "ended" } }), 5, 1500)).toBe("ended");
    expect(seckillButton(running(), 0, 1500)).toBe("sold_out");
    expect(seckillButton(running({ stock: 0 }), 5, 999)).toBe("sold_out");
    expect(seckillButton(running({ member_bought: 2 }), 5, 1500)).toBe("limit");
    expect(seckillButton(running({ max_buy: 0, member_bought: 9 }), 5, 1500)).toBe("running");
  });

  it("says what the member holds of the limit", () => {
    expect(limitNote(0, 3, "件")).toBe("");
    expect(limitNote(2, 0, "件")).toBe("");
    expect(limitNote(2, 1, "瓶")).toBe("您已购买 1瓶，还可购买 1瓶");
    expect(limitNote(1, 1, "件")).toBe("每人限购 1件，您已购买 1件");
  });
});
