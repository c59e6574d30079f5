import { useState } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "@shop/contract/client";
import { isTokenCode } from "@shop/contract/codes";
import { browserApi } from "../../lib/api.ts";
import { loginUrl } from "../../lib/auth.ts";
import { skuPath } from "./sku-seo.ts";
import { handleClosedCode } from "../../lib/site-closed.ts";
import { HeartFilledIcon, HeartIcon } from "../ui/icons.tsx";
import { toast } from "../ui/toast.ts";

interface SkuCollectProps {
  goodsId: number;
  skuId: number;
  initialCollected: boolean;
  initialCount: number;
  isMember: boolean;
}

/** 关注 toggle (follow the goods); a guest, or a member whose session ended, goes to login. */
export function SkuCollect({ goodsId, skuId, initialCollected, initialCount, isMember }: SkuCollectProps) {
  const [collected, setCollected] = useState(initialCollected);
  const [count, setCount] = useState(initialCount);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const toLogin = () => navigate(loginUrl(skuPath(skuId)));

  const toggle = async () => {
    if (!isMember) return void toLogin();
    if (busy) return;
    setBusy(true);
    try {
      if (collected) {
        const removed = await browserApi.call("/api/goodscollect/delete", { goods_id: goodsId });
        setCount((value) => Math.max(0, value - removed));
        setCollected(false);
        toast.success("已取消关注");
      } else {
        await browserApi.call("/api/goodscollect/add", { goods_id: goodsId, sku_id: skuId });
        setCount((value) => value + 1);
        setCollected(true);
        toast.success("关注成功");
      }
    } catch (error) {
      if (error instanceof ApiError && isTokenCode(error.code)) return void toLogin();
      if (handleClosedCode(error)) return;
      toast.error(error instanceof Error ? error.message : "操作失败，请重试");
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className={`sku-tool${collected ? " is-on" : ""}`} aria-pressed={collected} onClick={toggle} disabled={busy}>
      {collected ? <HeartFilledIcon /> : <HeartIcon />}
      {collected ? "已关注" : "关注"}
      <span className="sku-tool__count">（{count}）</span>
    </button>
  );
}
