import QRCode from "qrcode";
import type { WapQrcode } from "@shop/contract";
import type { RequestContext } from "../../core/context.ts";
import { getConfig } from "../../core/config-store.ts";
import { fail } from "../../core/errors.ts";
import { findSaleableSku } from "./detail.ts";

/** A plain host[:port]; anything else in the Host header is not put into a picture. */
const HOST = /^[a-z0-9.-]+(:\d{1,5})?$/i;

/**
 * Where the shop is reached: the request's own origin (what the shopper typed, so the code works
 * on their network), else the configured mobile-site URL's origin (in-process calls).
 */
async function shopOrigin(ctx: RequestContext): Promise<string> {
  const host = ctx.request.host;
  if (host && HOST.test(host) && !/^localhost(:80)?$/.test(host)) return `${ctx.request.protocol}://${host}`;
  const { url } = await getConfig(ctx.db, "wap_qrcode", { img: "", url: "" });
  try {
    return new URL(url).origin;
  } catch {
    return `${ctx.request.protocol}://${host && HOST.test(host) ? host : "localhost"}`;
  }
}

/** /api/goodssku/goodsqrcode: a PNG (data URI) of the SKU page's address, for phones. */
export async function skuPageQrcode(ctx: RequestContext, skuId: number): Promise<WapQrcode> {
  if (!(await findSaleableSku(ctx.db, { sku_id: skuId }))) fail("商品不存在或已下架");
  const url = `${await shopOrigin(ctx)}/web/sku/${skuId}`;
  const img = await QRCode.toDataURL(url, { type: "image/png", width: 240, margin: 1, errorCorrectionLevel: "M" });
  return { path: { h5: { img, url } } };
}
