import type { Api } from "../../core/api.ts";
import { countClick, getSkuDetail, getSkuInfo } from "./detail.ts";
import { skuPageQrcode } from "./detail-qrcode.ts";
import { getAftersale } from "./detail-aftersale.ts";
import { recommendGoods } from "./recommend.ts";
import { countEvaluations, pageEvaluations } from "./evaluate.ts";
import { addCollect, deleteCollect, isCollected, pageCollects } from "./collect.ts";
import { addBrowse, deleteBrowse, pageBrowses } from "./browse.ts";

/** Views are counted from every page load: generous, but a script cannot inflate them freely. */
const CLICK_LIMIT = { max: 120, timeWindow: "1 minute" };

/** SKU detail, evaluations, follows (collect), footprints (browse), recommendations. */
export function registerGoodsDetailRoutes(api: Api): void {
  const { db } = api.deps;
  api.public("/api/goodssku/detail", async (ref, ctx) => getSkuDetail(db, ref, await ctx.optionalMemberId()));
  api.public("/api/goodssku/info", async ({ sku_id }, ctx) => getSkuInfo(db, sku_id, await ctx.optionalMemberId()));
  api.public("/api/goodssku/goodsqrcode", ({ sku_id }, ctx) => skuPageQrcode(ctx, sku_id));
  api.public("/api/goodssku/recommend", ({ sku_id, goods_id, page, page_size }) => recommendGoods(db, { sku_id, goods_id }, { page, page_size }));
  api.public("/api/goods/aftersale", () => getAftersale());
  api.public("/api/goods/modifyclicks", ({ sku_id }) => countClick(db, sku_id), { rateLimit: CLICK_LIMIT });

  api.public("/api/goodsevaluate/page", ({ goods_id, explain_type, page, page_size }) =>
    pageEvaluations(db, goods_id, explain_type, { page, page_size }),
  );
  api.public("/api/goodsevaluate/getgoodsevaluate", ({ goods_id }) => countEvaluations(db, goods_id));

  api.member("/api/goodscollect/add", ({ goods_id, sku_id }, ctx) => addCollect(db, ctx.memberId, goods_id, sku_id));
  api.member("/api/goodscollect/delete", ({ goods_id }, ctx) => deleteCollect(db, ctx.memberId, goods_id));
  api.member("/api/goodscollect/iscollect", ({ goods_id }, ctx) => isCollected(db, ctx.memberId, goods_id));
  api.member("/api/goodscollect/page", (paging, ctx) => pageCollects(db, ctx.memberId, paging));

  api.member("/api/goodsbrowse/add", ({ goods_id, sku_id }, ctx) => addBrowse(db, ctx.memberId, goods_id, sku_id));
  api.member("/api/goodsbrowse/page", (paging, ctx) => pageBrowses(db, ctx.memberId, paging));
  api.member("/api/goodsbrowse/delete", ({ id }, ctx) => deleteBrowse(db, ctx.memberId, id));
}
