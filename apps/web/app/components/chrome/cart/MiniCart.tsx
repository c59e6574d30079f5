import { Link } from "../Link.tsx";
import { formatYuan } from "@shop/contract/money";
import type { CartSummary } from "./cart-types.ts";
import { MiniCartItem } from "./MiniCartItem.tsx";
import { CartIcon } from "../../ui/icons.tsx";

export interface MiniCartProps extends CartSummary {
  onDelete?: (cartId: number) => void;
}

/**
 * SPEC §2 mini-cart: the 我的购物车 button with the count badge; hovering shows the latest lines
 * (scrolling past 5), the number of kinds, the total and the go-to-cart button. Pure CSS hover,
 * so it also opens without JavaScript.
 */
export function MiniCart({ items, count, total, onDelete = () => {} }: MiniCartProps) {
  return (
    <div className="minicart">
      <Link to="/goods/cart" className="minicart-button">
        <CartIcon className="minicart-button-icon" />
        <span>我的购物车</span>
        <em className="minicart-badge">{count > 99 ? "99+" : count}</em>
      </Link>
      <div className="minicart-panel">
        {items.length === 0 ? (
          <p className="minicart-empty">您的购物车是空的，赶快去逛逛，挑选商品吧！</p>
        ) : (
          <>
            <p className="minicart-title">最新加入的商品</p>
            <ul className="minicart-list">
              {items.map((line) => (
                <MiniCartItem key={line.cart_id} line={line} onDelete={onDelete} />
              ))}
            </ul>
            <div className="minicart-footer">
              <span>
                共 <em>{items.length}</em> 种商品，总金额 <em className="minicart-total">¥{formatYuan(total)}</em>
              </span>
              <Link to="/goods/cart" className="minicart-checkout">
                去购物车结算
              </Link>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
