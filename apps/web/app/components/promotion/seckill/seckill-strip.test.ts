import { describe, expect, it } from "vitest";
import type { ApiClient, SeckillGoodsItem, SeckillSlot } from "@shop/contract";
import { loadSeckillStrip } from "./seckill-strip.ts";

const slot = (id: number, state: SeckillSlot["state"]): SeckillSlot => ({
  id, name: `${id}`, seckill_start_time: 0, seckill_end_time: 0, start_time_text: `${id}:00`, end_time_text: "", state, state_name: "", start_at: id * 100, end_at: id * 100 + 100,
});
const goods = (id: number): SeckillGoodsItem => ({
  id, seckill_id: id, seckill_name: "", goods_id: id, sku_id: id, goods_name: `商品${id}`, sku_image: "a.jpg", seckill_price: "1.00", price: "2.00",
  stock: 1, sale_num: 0, total_num: 1, progress: 0, max_buy: 1, state: "running", state_name: "立即抢购",
});

/** `list`: every slot's goods, or those of the slots named in `bySlot`. */
function fakeApi(slots: SeckillSlot[], currentId: number, list: SeckillGoodsItem[], bySlot?: Record<number, SeckillGoodsItem[]>) {
  const asked: number[] = [];
  const api = {
    async call(path: string, body?: { seckill_time_id?: number }) {
      if (path === "/seckill/api/seckill/lists") return { list: slots, current_id: currentId, current_time: 5 };
      const slotId = body?.seckill_time_id ?? 0;
      asked.push(slotId);
      const goods = bySlot ? (bySlot[slotId] ?? []) : list;
      return { list: goods, count: goods.length, page_count: 1, slot: slots.find((item) => item.id === slotId), current_time: 6 };
    },
  } as unknown as ApiClient;
  return { api, asked };
}

describe("the home page's seckill strip", () => {
  it("shows the slot on now with its goods, kept out of the hydration payload", async () => {
    const { api, asked } = fakeApi([slot(1, "ended"), slot(2, "running"), slot(3, "upcoming")], 2, [goods(7)]);
    const strip = await loadSeckillStrip(api);
    expect(asked).toEqual([2]);
    expect(strip?.slot).toEqual({ start_time_text: "2:00", state: "running", start_at: 200, end_at: 300 });
    expect(strip?.currentTime).toBe(6);
    expect(strip?.goods.value?.map((item) => item.seckill_id)).toEqual([7]);
    expect(JSON.stringify(strip?.goods)).toBe("{}");
    // The browser's own load keeps them.
    expect(JSON.stringify((await loadSeckillStrip(api, true))?.goods)).toContain("商品7");
  });

  it("falls back to the next slot today; none without slots or goods", async () => {
    const next = fakeApi([slot(1, "ended"), slot(3, "upcoming")], 0, [goods(7)]);
    expect((await loadSeckillStrip(next.api))?.slot.start_time_text).toBe("3:00");
    expect(next.asked).toEqual([3]);
    expect(await loadSeckillStrip(fakeApi([slot(1, "ended")], 0, [goods(7)]).api)).toBeNull();
    expect(await loadSeckillStrip(fakeApi([slot(2, "running")], 2, []).api)).toBeNull();
  });

  it("skips a slot without goods for the next one that has some (three slots at most)", async () => {
    const slots = [slot(1, "ended"), slot(2, "running"), slot(3, "upcoming"), slot(4, "upcoming"), slot(5, "upcoming")];
    const later = fakeApi(slots, 2, [], { 4: [goods(9)] });
    expect((await loadSeckillStrip(later.api))?.slot.start_time_text).toBe("4:00");
    expect(later.asked).toEqual([2, 3, 4]);
    const tooLate = fakeApi(slots, 2, [], { 5: [goods(9)] });
    expect(await loadSeckillStrip(tooLate.api)).toBeNull();
    expect(tooLate.asked).toEqual([2, 3, 4]);
  });
});
