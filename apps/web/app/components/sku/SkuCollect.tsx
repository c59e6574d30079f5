import { useState } from "react";
import { useNavigate } from "react-router";
import { App } from "antd";
import { HeartFilled, HeartOutlined } from "@ant-design/icons";
import { ApiError, isTokenCode } from "@shop/contract";
import { browserApi } from "../../lib/api.ts";
import { loginUrl } from "../../lib/auth.ts";
import { skuPath } from "./sku-seo.ts";
import { handleClosedCode } from "../../lib/site-closed.ts";

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
  const { message } = App.useApp();
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
        void message.success("已取消关注");
      } else {
        await browserApi.call("/api/goodscollect/add", { goods_id: goodsId, sku_id: skuId });
        setCount((value) => value + 1);
        setCollected(true);
        void message.success("关注成功");
      }
    } catch (error) {
      if (error instanceof ApiError && isTokenCode(error.code)) return void toLogin();
      if (handleClosedCode(error)) return;
      void message.error(error instanceof Error ? error.message : "操作失败，请重试");
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className={`sku-tool${collected ? " is-on" : ""}`} aria-pressed={collected} onClick={toggle} disabled={busy}>
      {collected ? <HeartFilled /> : <HeartOutlined />}
      {collected ? "已关注" : "关注"}
      <span className="sku-tool__count">（{count}）</span>
    </button>
  );
}
