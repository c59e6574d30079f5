import type { WapQrcode } from "@shop/contract";
import type { RequestContext } from "../../core/context.ts";
import { publicOrigin } from "../../core/origin.ts";
import { fail } from "../../core/errors.ts";
import { qrcodePicture } from "../site/qrcode-files.ts";
import { findSaleableSku } from "./detail.ts";

/**
 * /api/goodssku/goodsqrcode: a PNG of the SKU page's address at the shop's public origin, for
 * phones. The picture is a file (upload/qrcode/…), as the reference answers it: its clients put
 * the site's address before every picture path, which a data: URI does not survive.
 */
export async function skuPageQrcode(ctx: RequestContext, skuId: number): Promise<WapQrcode> {
  if (!(await findSaleableSku(ctx.db, { sku_id: skuId }))) fail("商品不存在或已下架");
  const origin = publicOrigin(ctx.request, ctx.config) ?? fail("无法确定商城地址，请稍后再试");
  const url = `${origin}/web/sku/${skuId}`;
  return { path: { h5: { img: await qrcodePicture(ctx.config.dataDir, `sku-${skuId}`, url), url } } };
}
