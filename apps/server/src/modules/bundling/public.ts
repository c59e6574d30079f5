import type { BundlingDetail } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { cachedCall } from "../../core/cache/public-cache.ts";
import { CacheTag } from "../../core/cache/tags.ts";
import { PromotionState } from "../groupbuy/window.ts";
import { bundlingViews } from "./views.ts";
import { BUNDLING_TAG } from "./cache.ts";

/**
 * What shoppers see of combos: one package (/promotion/combo/{id}) and the running packages a goods
 * is in (the SKU page's 组合套餐). Public data cached under the combo tag and the goods' tags.
 */

export const BUNDLING_NOT_FOUND = "组合套餐不存在";

const tagsOf = (views: readonly BundlingDetail[]) => [BUNDLING_TAG, ...views.flatMap((view) => view.bundling_goods.map((goods) => CacheTag.goods(goods.goods_id)))];

const shopperView = ({ create_time: _c, update_time: _u, ...view }: BundlingDetail & { create_time: number; update_time: number }): BundlingDetail => view;

export async function bundlingDetail(db: Db, blId: number): Promise<BundlingDetail> {
  const views = await cachedCall({ db }, "/bundling/api/bundling/detail", { blId }, tagsOf, async () => {
    const row = await db.selectFrom("promotion_bundling").selectAll().where("bl_id", "=", blId).executeTakeFirst();
    return row ? (await bundlingViews(db, [row], now())).map(shopperView) : [];
  });
  const [view] = views;
  if (!view) return fail(BUNDLING_NOT_FOUND);
  return { ...view, now: now() };
}

/** The running packages holding the goods of this SKU (none for an unknown SKU), ending soonest first. */
export async function bundlingsOfSku(db: Db, skuId: number): Promise<BundlingDetail[]> {
  const views = await cachedCall({ db }, "/bundling/api/bundling/lists", { skuId }, tagsOf, async () => {
    const at = now();
    const rows = await db
      .selectFrom("promotion_bundling")
      .selectAll("promotion_bundling")
      .where("status", "=", PromotionState.ON)
      .where("start_time", "<=", at)
      .where("end_time", ">", at)
      .where("bl_id", "in", (eb) =>
        eb
          .selectFrom("promotion_bundling_goods")
          .innerJoin("goods_sku", "goods_sku.goods_id", "promotion_bundling_goods.goods_id")
          .select("promotion_bundling_goods.bl_id")
          .where("goods_sku.sku_id", "=", skuId),
      )
      .orderBy("end_time")
      .orderBy("bl_id")
      .limit(20)
      .execute();
    // A package one of whose goods is off the shelf cannot be bought: not offered.
    return (await bundlingViews(db, rows, at)).filter((view) => view.bundling_goods.every((goods) => goods.goods_state === 1)).map(shopperView);
  });
  const at = now();
  return views.map((view) => ({ ...view, now: at }));
}
