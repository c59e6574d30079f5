import { describe, expect, it } from "vitest";
import { groupbuyBlocker, groupbuyQuantityRange, parsePromotionId, startSkuId } from "./groupbuy-detail.ts";

describe("group-buy detail helpers", () => {
  it("reads the id of the path", () => {
    expect(parsePromotionId("12")).toBe(12);
    for (const raw of ["0", "abc", "1.5", "", undefined, "99999999999"]) expect(parsePromotionId(raw)).toBeNull();
  });

  it("starts on the asked SKU only when the group buy offers it", () => {
    const detail = { sku_id: 3, sku_list: [{ sku_id: 2 }, { sku_id: 3 }] } as Parameters<typeof startSkuId>[0];
    expect(startSkuId(detail, "2")).toBe(2);
    expect(startSkuId(detail, "9")).toBe(3);
    expect(startSkuId(detail, null)).toBe(3);
  });

  it("starts the quantity at buy_num, within the stock and the goods' limit", () => {
    expect(groupbuyQuantityRange(3, 100, 0)).toEqual({ min: 3, max: 100, available: true });
    expect(groupbuyQuantityRange(2, 100, 5)).toEqual({ min: 2, max: 5, available: true });
    expect(groupbuyQuantityRange(3, 2, 0)).toEqual({ min: 3, max: 3, available: false });
  });

  it("says why 立即购买 is off", () => {
    const range = groupbuyQuantityRange(2, 10, 0);
    expect(groupbuyBlocker({ status: 2, status_name: "进行中", goods_state: 1 }, range)).toBe("");
    expect(groupbuyBlocker({ status: 1, status_name: "未开始", goods_state: 1 }, range)).toBe("团购未开始");
    expect(groupbuyBlocker({ status: 3, status_name: "已结束", goods_state: 1 }, range)).toBe("已结束");
    expect(groupbuyBlocker({ status: -1, status_name: "已关闭", goods_state: 1 }, range)).toBe("已关闭");
    expect(groupbuyBlocker({ status: 2, status_name: "进行中", goods_state: 0 }, range)).toBe("商品已下架");
    expect(groupbuyBlocker({ status: 2, status_name: "进行中", goods_state: 1 }, groupbuyQuantityRange(3, 2, 0))).toBe("库存不足");
  });
});
