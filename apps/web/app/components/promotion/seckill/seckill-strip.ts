import type { ApiClient, SeckillGoodsItem, SeckillSlot } from "@shop/contract";
import { renderOnly, rendered, type RenderOnly } from "../../../lib/render-only.ts";

/** Goods the home page's 限时秒杀 strip shows: one row. */
export const STRIP_GOODS = 5;

export type StripGoods = Pick<SeckillGoodsItem, "seckill_id" | "goods_name" | "sku_image" | "seckill_price" | "price" | "progress" | "stock" | "state">;

/** What the home page's strip shows: the slot on now (else the next today) and its first goods. */
export interface SeckillStrip {
  slot: Pick<SeckillSlot, "start_time_text" | "state" | "start_at" | "end_at">;
  /** the server's unix seconds of the answers */
  currentTime: number;
  /**
   * For the server's render only (lib/render-only.ts): the home page's HTML is kept small, so the
   * goods are server markup, not sent again for hydration; the browser sets them when it loads the
   * strip itself (a client-side visit, a slot boundary).
   */
  goods: RenderOnly<StripGoods[]>;
}

/** Slots asked for their goods at most: the one on now and the next ones today. */
const STRIP_SLOTS_TRIED = 3;

/**
 * Loads the strip through `api` (in-process on the server, HTTP in the browser): the slot on now
 * with its goods, else the next one today that has goods; null when none has (the strip is then
 * left out). Failures reject: the home page leaves the strip out. `forBrowser`: the goods stay in
 * the data (a render in the browser).
 */
export async function loadSeckillStrip(api: ApiClient, forBrowser = false): Promise<SeckillStrip | null> {
  const lists = await api.call("/seckill/api/seckill/lists");
  const candidates = [...lists.list.filter((item) => item.id === lists.current_id), ...lists.list.filter((item) => item.state === "upcoming")].slice(0, STRIP_SLOTS_TRIED);
  let page = null;
  for (const slot of candidates) {
    page = await api.call("/seckill/api/seckillgoods/page", { seckill_time_id: slot.id, page: 1, page_size: STRIP_GOODS });
    if (page.list.length > 0) break;
  }
  if (!page || page.list.length === 0) return null;
  const { start_time_text, state, start_at, end_at } = page.slot;
  const goods = page.list.map(({ seckill_id, goods_name, sku_image, seckill_price, price, progress, stock, state: goodsState }) => ({
    seckill_id, goods_name, sku_image, seckill_price, price, progress, stock, state: goodsState,
  }));
  return { slot: { start_time_text, state, start_at, end_at }, currentTime: page.current_time, goods: forBrowser ? rendered(goods) : renderOnly(goods) };
}
