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
  api.post("/api/goodssku/detail", async (ref, ctx) => getSkuDetail(db, ref, await ctx.optionalMemberId()));
  api.post("/api/goodssku/info", async ({ sku_id }, ctx) => getSkuInfo(db, sku_id, await ctx.optionalMemberId()));
  api.post("/api/goodssku/goodsqrcode", ({ sku_id }, ctx) => skuPageQrcode(ctx, sku_id));
  api.post("/api/goodssku/recommend", ({ sku_id, goods_id, page, page_size }) => recommendGoods(db, { sku_id, goods_id }, { page, page_size }));
  api.post("/api/goods/aftersale", () => getAftersale());
  api.post("/api/goods/modifyclicks", ({ sku_id }) => countClick(db, sku_id), { rateLimit: CLICK_LIMIT });

  api.post("/api/goodsevaluate/page", ({ goods_id, explain_type, page, page_size }) =>
    pageEvaluations(db, goods_id, explain_type, { page, page_size }),
  );
  api.post("/api/goodsevaluate/getgoodsevaluate", ({ goods_id }) => countEvaluations(db, goods_id));

  api.post("/api/goodscollect/add", async ({ goods_id, sku_id }, ctx) => addCollect(db, await ctx.requireMemberId(), goods_id, sku_id));
  api.post("/api/goodscollect/delete", async ({ goods_id }, ctx) => deleteCollect(db, await ctx.requireMemberId(), goods_id));
  api.post("/api/goodscollect/iscollect", async ({ goods_id }, ctx) => isCollected(db, await ctx.requireMemberId(), goods_id));
  api.post("/api/goodscollect/page", async (paging, ctx) => pageCollects(db, await ctx.requireMemberId(), paging));

  api.post("/api/goodsbrowse/add", async ({ goods_id, sku_id }, ctx) => addBrowse(db, await ctx.requireMemberId(), goods_id, sku_id));
  api.post("/api/goodsbrowse/page", async (paging, ctx) => pageBrowses(db, await ctx.requireMemberId(), paging));
  api.post("/api/goodsbrowse/delete", async ({ id }, ctx) => deleteBrowse(db, await ctx.requireMemberId(), id));
}
