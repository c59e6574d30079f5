import { useCallback, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { GoodsSkuInfo } from "@shop/contract";
import { browserApi } from "../../lib/api.ts";
import { toast } from "../ui/toast.ts";
import { markSpecSwitch } from "./spec-switch.ts";
import { skuPath } from "./sku-seo.ts";
import { handleClosedCode } from "../../lib/site-closed.ts";

/**
 * The SKU the shopper is looking at, starting from the page's SKU. `switchTo` loads another SKU
 * of the goods with /api/goodssku/info, shows it and replaces the URL (no reload, no history
 * entry). A newer click wins over an older one still loading.
 */
export function useSkuSwitch(initial: GoodsSkuInfo) {
  const [sku, setSku] = useState(initial);
  const [switching, setSwitching] = useState(false);
  const latest = useRef(0);
  const navigate = useNavigate();

  const switchTo = useCallback(
    async (skuId: number) => {
      const request = ++latest.current;
      setSwitching(true);
      try {
        const next = await browserApi.call("/api/goodssku/info", { sku_id: skuId });
        if (request !== latest.current) return;
        if (!next) {
          toast.warning("该规格已下架，请选择其他规格");
          return;
        }
        setSku(next);
        markSpecSwitch(next.sku_id);
        try {
          await navigate(skuPath(next.sku_id), { replace: true, preventScrollReset: true });
        } finally {
          markSpecSwitch(null);
        }
      } catch (error) {
        if (handleClosedCode(error)) return;
        if (request === latest.current) toast.error(error instanceof Error ? error.message : "规格切换失败，请重试");
      } finally {
        if (request === latest.current) setSwitching(false);
      }
    },
    [navigate],
  );

  return { sku, switching, switchTo };
}
