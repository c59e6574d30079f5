import type { GroupbuyDetail, GroupbuyItem, Page } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { paginate, type PageRequest } from "../../core/paging.ts";
import { cachedCall } from "../../core/cache/public-cache.ts";
import { CacheTag } from "../../core/cache/tags.ts";
import { PromotionState } from "./window.ts";
import { groupbuyQuery, groupbuyViews } from "./views.ts";
import { GROUPBUY_TAG } from "./cache.ts";

/**
 * What shoppers see of group buys: the running ones (/promotion/groupbuy) and one group buy
 * (/promotion/groupbuy/{id}). Both are public data, cached under the goods' tags and the group-buy
 * tag: staff changes, a start or an end (edge jobs) and a SKU selling out purge them.
 */

export const GROUPBUY_NOT_FOUND = "团购活动不存在";

const listItem = ({ goods_image: _i, introduction: _n, unit: _u, goods_spec_format: _f, max_buy: _m, goods_state: _s, sku_list: _l, create_time: _c, update_time: _t, ...item }: Awaited<ReturnType<typeof groupbuyViews>>[number]): GroupbuyItem => item;

/** The running group buys of goods on sale (of one goods with goods_id), ending soonest first. */
export async function runningGroupbuys(db: Db, request: PageRequest & { goods_id?: number }): Promise<Page<GroupbuyItem>> {
  return cachedCall({ db }, "/groupbuy/api/goods/page", request, (page) => [GROUPBUY_TAG, CacheTag.goodsList, ...page.list.map((item) => CacheTag.goods(item.goods_id))], async () => {
    const at = now();
    let query = groupbuyQuery(db)
      .where("promotion_groupbuy.status", "=", PromotionState.ON)
      .where("promotion_groupbuy.start_time", "<=", at)
      .where("promotion_groupbuy.end_time", ">", at)
      .where("goods.goods_state", "=", 1)
      .where("goods.is_delete", "=", 0)
      .orderBy("promotion_groupbuy.end_time")
      .orderBy("promotion_groupbuy.groupbuy_id");
    if (request.goods_id !== undefined) query = query.where("promotion_groupbuy.goods_id", "=", request.goods_id);
    const page = await paginate(db, query, request);
    return { ...page, list: (await groupbuyViews(db, page.list, at)).map(listItem) };
  });
}

/** One group buy, whatever its status (the page says 未开始 / 已结束 / 已关闭). */
export async function groupbuyDetail(db: Db, groupbuyId: number): Promise<GroupbuyDetail> {
  const view = await cachedCall({ db }, "/groupbuy/api/goods/detail", { groupbuyId }, (found) => [GROUPBUY_TAG, ...(found ? [CacheTag.goods(found.goods_id)] : [])], async () => {
    const row = await groupbuyQuery(db).where("promotion_groupbuy.groupbuy_id", "=", groupbuyId).where("goods.is_delete", "=", 0).executeTakeFirst();
    if (!row) return null;
    const [found] = await groupbuyViews(db, [row], now());
    const { create_time: _c, update_time: _u, ...detail } = found!;
    return detail;
  });
  if (!view) return fail(GROUPBUY_NOT_FOUND);
  const start = view.sku_list.find((sku) => sku.sku_id === view.sku_id);
  return {
    ...view,
    now: now(),
    goods_sku_detail: {
      groupbuy_id: view.groupbuy_id, sku_id: view.sku_id, goods_id: view.goods_id, sku_name: view.sku_name, sku_image: view.sku_image,
      price: view.price, groupbuy_price: view.groupbuy_price, buy_num: view.buy_num, stock: start?.stock ?? 0,
    },
  };
}
