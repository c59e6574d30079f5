import { useState } from "react";
import { useNavigate } from "react-router";
import { App, Button, InputNumber } from "antd";
import { ShoppingCartOutlined } from "@ant-design/icons";
import type { GoodsSkuInfo } from "@shop/contract";
import { loginUrl } from "../../lib/auth.ts";
import { clampQuantity, quantityRange } from "./sku-quantity.ts";
import { skuPath } from "./sku-seo.ts";

interface SkuPurchaseProps {
  sku: GoodsSkuInfo;
  isMember: boolean;
}

/**
 * Quantity (within stock and min/max buy), 加入购物车 and 立即购买. A guest goes to login and comes
 * back here. The cart and checkout calls arrive with the cart work: until then a member is told so.
 */
export function SkuPurchase({ sku, isMember }: SkuPurchaseProps) {
  const range = quantityRange(sku);
  const [wanted, setWanted] = useState(range.min);
  const quantity = clampQuantity(wanted, range);
  const navigate = useNavigate();
  const { message } = App.useApp();

  const requireLogin = () => {
    if (isMember) return true;
    void navigate(loginUrl(skuPath(sku.sku_id)));
    return false;
  };
  const addToCart = () => {
    if (requireLogin()) void message.info("购物车功能即将开放");
  };
  const buyNow = () => {
    if (requireLogin()) void message.info("购物车功能即将开放，暂不支持立即购买");
  };

  return (
    <>
      <div className="sku-row sku-quantity">
        <span className="sku-label">数量</span>
        <InputNumber
          aria-label="购买数量"
          min={range.min}
          max={range.max}
          precision={0}
          value={quantity}
          disabled={!range.available}
          onChange={(value) => setWanted(clampQuantity(value, range))}
        />
        <span className="sku-quantity__stock">
          {sku.unit || "件"}
          {range.available ? `（库存 ${sku.stock}${sku.unit || "件"}）` : "（暂时缺货）"}
        </span>
        {sku.max_buy > 0 && <span className="sku-quantity__limit">限购 {sku.max_buy}{sku.unit || "件"}</span>}
        {sku.min_buy > 1 && <span className="sku-quantity__limit">{sku.min_buy}{sku.unit || "件"}起购</span>}
      </div>
      <div className="sku-actions">
        <Button className="sku-actions__buy" size="large" disabled={!range.available} onClick={buyNow}>
          立即购买
        </Button>
        <Button className="sku-actions__cart" type="primary" size="large" icon={<ShoppingCartOutlined />} disabled={!range.available} onClick={addToCart}>
          {range.available ? "加入购物车" : "暂时缺货"}
        </Button>
      </div>
    </>
  );
}
