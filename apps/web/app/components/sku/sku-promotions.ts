import type { ApiClient, BundlingDetail, GroupbuyItem, SeckillSkuInfo } from "@shop/contract";

/**
 * The promotions a SKU page shows (loaded with the page, so a guest's page stays one cacheable
 * document: the calls record the seckill, groupbuy and bundling tags the server purges when those
 * change): the SKU's seckill price, its goods' group-buy price, and the combos holding the goods.
 * Only the fields shown go into the hydration payload.
 */

export interface SkuSeckillLine {
  seckill_id: number;
  sku_id: number;
  seckill_price: string;
  state: SeckillSkuInfo["state"];
  state_name: string;
  slot_name: string;
  /** unix seconds the slot window starts (for 即将开始) */
  start_at: number;
}

export interface SkuGroupbuyLine {
  groupbuy_id: number;
  groupbuy_price: string;
  buy_num: number;
}

export interface SkuComboItem {
  bl_id: number;
  bl_name: string;
  bl_price: string;
  save_money: string;
  goods: Array<{ goods_id: number; goods_name: string; sku_image: string; num: number }>;
}

export interface SkuPromotions {
  seckill: SkuSeckillLine | null;
  groupbuy: SkuGroupbuyLine | null;
  combos: SkuComboItem[];
}

export function seckillLine(info: SeckillSkuInfo | null): SkuSeckillLine | null {
  if (!info || info.state === "ended") return null;
  return {
    seckill_id: info.seckill_id,
    sku_id: info.sku_id,
    seckill_price: info.seckill_price,
    state: info.state,
    state_name: info.state_name,
    slot_name: info.window?.slot_name ?? "",
    start_at: info.window?.start_at ?? 0,
  };
}

export function groupbuyLine(item: GroupbuyItem | undefined): SkuGroupbuyLine | null {
  if (!item || item.status !== 2) return null;
  return { groupbuy_id: item.groupbuy_id, groupbuy_price: item.groupbuy_price, buy_num: item.buy_num };
}

export function comboItem(combo: BundlingDetail): SkuComboItem {
  return {
    bl_id: combo.bl_id,
    bl_name: combo.bl_name,
    bl_price: combo.bl_price,
    save_money: combo.save_money,
    goods: combo.bundling_goods.map(({ goods_id, goods_name, sku_image, num }) => ({ goods_id, goods_name, sku_image, num })),
  };
}

/** The three calls in parallel; each falls back to nothing rather than failing the page. */
export async function loadSkuPromotions(api: ApiClient, skuId: number, goodsId: number): Promise<SkuPromotions> {
  const [seckill, groupbuy, combos] = await Promise.all([
    api.call("/seckill/api/seckillgoods/info", { sku_id: skuId }).then(seckillLine, () => null),
    api.call("/groupbuy/api/goods/page", { goods_id: goodsId, page: 1, page_size: 1 }).then((page) => groupbuyLine(page.list[0]), () => null),
    api.call("/bundling/api/bundling/lists", { sku_id: skuId }).then((list) => list.filter((combo) => combo.status === 2).map(comboItem), () => []),
  ]);
  return { seckill, groupbuy, combos };
}
