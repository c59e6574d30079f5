import type { Api } from "../../core/api.ts";
import type { GoodsSkuDetailResult } from "@shop/contract";
import { countClick, getSkuDetail, getSkuInfo } from "./detail.ts";
import { cached, cachedCall } from "../../core/cache/public-cache.ts";
import { CacheTag } from "../../core/cache/tags.ts";
import { skuPageQrcode } from "./detail-qrcode.ts";
import { getAftersale } from "./detail-aftersale.ts";
import { recommendGoods } from "./recommend.ts";
import { countEvaluations, pageEvaluations } from "./evaluate.ts";
import { addCollect, deleteCollect, isCollected, pageCollects } from "./collect.ts";
import { addBrowse, deleteBrowse, pageBrowses } from "./browse.ts";

/** How long a guest's SKU data (with its stock count) is kept. */
const SKU_DATA_TTL_MS = 10_000;

/** A SKU's data goes with its goods; a missing one may appear when goods go on sale (a list change). */
const goodsTags = (goodsId: number | undefined) => (goodsId ? [CacheTag.goods(goodsId)] : [CacheTag.goodsList]);

/** Views are counted from every page load: generous, but a script cannot inflate them freely. */
const CLICK_LIMIT = { max: 120, timeWindow: "1 minute" };

/** SKU detail, evaluations, follows (collect), footprints (browse), recommendations. */
export function registerGoodsDetailRoutes(api: Api): void {
  const { deps } = api;
  const { db } = deps;
  // A guest's SKU data is shared by all guests (members see their own prices): kept briefly, as it
  // shows the stock count; a sold-out or back-in-stock change purges it at once (goods-admin.ts).
  api.public("/api/goodssku/detail", async (ref, ctx) => {
    const memberId = await ctx.optionalMemberId();
    if (memberId !== undefined) return getSkuDetail(db, ref, memberId);
    // CacheTag.site: it carries the evaluation settings.
    const tags = (result: GoodsSkuDetailResult) => [...goodsTags(result.goods_sku_detail?.goods_id), CacheTag.site];
    return cached(deps, `sku-detail:${ref.sku_id ?? ""}:${ref.goods_id ?? ""}`, tags, SKU_DATA_TTL_MS, () => getSkuDetail(db, ref, undefined));
  });
  api.public("/api/goodssku/info", async ({ sku_id }, ctx) => {
    const memberId = await ctx.optionalMemberId();
    if (memberId !== undefined) return getSkuInfo(db, sku_id, memberId);
    return cached(deps, `sku-info:${sku_id}`, (info) => goodsTags(info?.goods_id), SKU_DATA_TTL_MS, () => getSkuInfo(db, sku_id, undefined));
  });
  api.public("/api/goodssku/goodsqrcode", ({ sku_id }, ctx) => skuPageQrcode(ctx, sku_id));
  api.public("/api/goodssku/recommend", ({ sku_id, goods_id, page, page_size }) =>
    cachedCall(deps, "recommend", [sku_id, goods_id, page, page_size], [CacheTag.goodsList], () => recommendGoods(db, { sku_id, goods_id }, { page, page_size })),
  );
  api.public("/api/goods/aftersale", () => getAftersale());
  api.public("/api/goods/modifyclicks", ({ sku_id }) => countClick(db, sku_id), { rateLimit: CLICK_LIMIT });

  api.public("/api/goodsevaluate/page", ({ goods_id, explain_type, page, page_size }) =>
    cachedCall(deps, "evaluations", [goods_id, explain_type, page, page_size], [CacheTag.goods(goods_id)], () =>
      pageEvaluations(db, goods_id, explain_type, { page, page_size }),
    ),
  );
  api.public("/api/goodsevaluate/getgoodsevaluate", ({ goods_id }) =>
    cachedCall(deps, "evaluation-counts", goods_id, [CacheTag.goods(goods_id)], () => countEvaluations(db, goods_id)),
  );

  api.member("/api/goodscollect/add", ({ goods_id, sku_id }, ctx) => addCollect(db, ctx.memberId, goods_id, sku_id));
  api.member("/api/goodscollect/delete", ({ goods_id }, ctx) => deleteCollect(db, ctx.memberId, goods_id));
  api.member("/api/goodscollect/iscollect", ({ goods_id }, ctx) => isCollected(db, ctx.memberId, goods_id));
  api.member("/api/goodscollect/page", (paging, ctx) => pageCollects(db, ctx.memberId, paging));

  api.member("/api/goodsbrowse/add", ({ goods_id, sku_id }, ctx) => addBrowse(db, ctx.memberId, goods_id, sku_id));
  api.member("/api/goodsbrowse/page", (paging, ctx) => pageBrowses(db, ctx.memberId, paging));
  api.member("/api/goodsbrowse/delete", ({ id }, ctx) => deleteBrowse(db, ctx.memberId, id));
}
