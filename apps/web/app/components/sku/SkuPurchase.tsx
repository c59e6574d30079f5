import { useState } from "react";
import { useNavigate } from "react-router";
import type { GoodsSkuInfo } from "@shop/contract";
import { loginUrl } from "../../lib/auth.ts";
import { useMemberCall } from "../../lib/api-errors.ts";
import { useCart } from "../chrome/cart/cart-context.tsx";
import { CartIcon } from "../ui/icons.tsx";
import { QuantityStepper } from "../ui/QuantityStepper.tsx";
import { toast } from "../ui/toast.ts";
import { clampQuantity, quantityRange } from "./sku-quantity.ts";
import { skuPath } from "./sku-seo.ts";

interface SkuPurchaseProps {
  sku: GoodsSkuInfo;
  isMember: boolean;
}

/**
 * Quantity (within stock and min/max buy), 加入购物车 and 立即购买. A guest goes to login and comes
 * back here (the SKU id carries the chosen spec). 加入购物车 adds the quantity (the server's limits
 * decide; its refusal is shown) and refreshes the header's cart; 立即购买 goes to checkout.
 */
export function SkuPurchase({ sku, isMember }: SkuPurchaseProps) {
  const range = quantityRange(sku);
  const [wanted, setWanted] = useState(range.min);
  const quantity = clampQuantity(wanted, range);
  const navigate = useNavigate();
  const memberCall = useMemberCall();
  const cart = useCart();
  const [adding, setAdding] = useState(false);

  const requireLogin = () => {
    if (isMember) return true;
    void navigate(loginUrl(skuPath(sku.sku_id)));
    return false;
  };
  const addToCart = async () => {
    if (!requireLogin() || adding) return;
    setAdding(true);
    // A failure (a limit, off shelf, a dead session) is shown by the member call's handler.
    const cartId = await memberCall("/api/cart/add", { sku_id: sku.sku_id, num: quantity });
    setAdding(false);
    if (cartId === undefined) return;
    toast.success("加入购物车成功");
    await cart.refresh();
  };
  const buyNow = () => {
    if (requireLogin()) void navigate(`/order/payment?sku_id=${sku.sku_id}&num=${quantity}`);
  };

  return (
    <>
      <div className="sku-row sku-quantity">
        <span className="sku-label">数量</span>
        <QuantityStepper
          aria-label="购买数量"
          min={range.min}
          max={range.max}
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
        <button type="button" className="ui-button ui-button--large sku-actions__buy" disabled={!range.available} onClick={buyNow}>
          立即购买
        </button>
        <button type="button" className="ui-button ui-button--primary ui-button--large sku-actions__cart" disabled={!range.available} aria-busy={adding} onClick={addToCart}>
          <CartIcon />
          {range.available ? "加入购物车" : "暂时缺货"}
        </button>
      </div>
    </>
  );
}
