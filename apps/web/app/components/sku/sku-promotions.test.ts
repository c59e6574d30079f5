import { describe, expect, it } from "vitest";
import { Code, createApiClient, type BundlingDetail, type GroupbuyItem, type SeckillSkuInfo } from "@shop/contract";
import { comboItem, groupbuyLine, loadSkuPromotions, seckillLine } from "./sku-promotions.ts";

const seckill: SeckillSkuInfo = {
  seckill_id: 3, seckill_name: "午间秒杀", sku_id: 12, goods_id: 4, seckill_price: "9.90", price: "29.90", stock: 5, sale_num: 1, max_buy: 1,
  state: "upcoming", state_name: "即将开始", current_time: 1000,
  window: { state: "upcoming", state_name: "即将开始", time_id: 2, slot_name: "12:00 场", start_at: 2000, end_at: 3000 },
};
const groupbuy = { groupbuy_id: 5, groupbuy_price: "79.00", buy_num: 2, status: 2 } as GroupbuyItem;
const combo = {
  bl_id: 7, bl_name: "两件套", bl_price: "99.00", goods_money: "120.00", save_money: "21.00", status: 2,
  bundling_goods: [{ goods_id: 4, goods_name: "甲", sku_image: "a.jpg", num: 1, sku_list: [{ sku_id: 12 }] }, { goods_id: 8, goods_name: "乙", sku_image: "b.jpg", num: 2, sku_list: [] }],
} as unknown as BundlingDetail;

describe("the SKU page's promotions", () => {
  it("keeps only what the page shows", () => {
    expect(seckillLine(seckill)).toEqual({ seckill_id: 3, sku_id: 12, seckill_price: "9.90", state: "upcoming", state_name: "即将开始", slot_name: "12:00 场", start_at: 2000 });
    expect(seckillLine(null)).toBeNull();
    expect(seckillLine({ ...seckill, state: "ended" })).toBeNull();
    expect(groupbuyLine(groupbuy)).toEqual({ groupbuy_id: 5, groupbuy_price: "79.00", buy_num: 2 });
    expect(groupbuyLine({ ...groupbuy, status: 1 })).toBeNull();
    expect(groupbuyLine(undefined)).toBeNull();
    expect(comboItem(combo).goods).toEqual([
      { goods_id: 4, goods_name: "甲", sku_image: "a.jpg", num: 1 },
      { goods_id: 8, goods_name: "乙", sku_image: "b.jpg", num: 2 },
    ]);
  });

  it("asks the three calls and falls back to nothing when one fails", async () => {
    const asked: Array<[string, unknown]> = [];
    const api = createApiClient(async (path, body) => {
      asked.push([path, body]);
      if (path === "/groupbuy/api/goods/page") return { code: Code.ERROR, message: "出错了", data: null, timestamp: 0 };
      const data = path === "/seckill/api/seckillgoods/info" ? seckill : [combo, { ...combo, bl_id: 8, status: 1 }];
      return { code: Code.SUCCESS, message: "", data, timestamp: 0 };
    });
    const loaded = await loadSkuPromotions(api, 12, 4);
    expect(loaded.seckill?.seckill_id).toBe(3);
    expect(loaded.groupbuy).toBeNull();
    expect(loaded.combos.map((item) => item.bl_id)).toEqual([7]);
    expect(asked).toContainEqual(["/groupbuy/api/goods/page", expect.objectContaining({ goods_id: 4, page_size: 1 })]);
    expect(asked).toContainEqual(["/bundling/api/bundling/lists", expect.objectContaining({ sku_id: 12 })]);
  });
});
