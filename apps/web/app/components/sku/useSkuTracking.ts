import { useEffect } from "react";
import { browserApi } from "../../lib/api.ts";

/**
 * After hydration, once per page view: one click for the goods, and a footprint for a member.
 * Fire-and-forget: a failure must never disturb the shopper.
 */
export function useSkuTracking(goodsId: number, skuId: number, isMember: boolean): void {
  useEffect(() => {
    browserApi.call("/api/goods/modifyclicks", { sku_id: skuId }).catch(() => {});
    if (isMember) browserApi.call("/api/goodsbrowse/add", { goods_id: goodsId, sku_id: skuId }).catch(() => {});
    // Only the page's first SKU counts: switching spec is not a new view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [goodsId, isMember]);
}
