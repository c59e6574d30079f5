import { useNavigate } from "react-router";
import { Checkbox } from "antd";
import type { CartLine } from "@shop/contract";
import { sumLines } from "../chrome/cart/cart-types.ts";
import { CartEmpty } from "./CartEmpty.tsx";
import { CartFooter } from "./CartFooter.tsx";
import { CartInvalidLines } from "./CartInvalidLines.tsx";
import { CartLineRow } from "./CartLineRow.tsx";
import { checkoutPath } from "./cart-page-state.ts";
import { useCartPage } from "./useCartPage.ts";

/** /goods/cart: the buyable lines with selection and totals, the invalid lines apart, 去结算. */
export function CartPage({ initialLines }: { initialLines: CartLine[] }) {
  const cart = useCartPage(initialLines);
  const navigate = useNavigate();
  const { valid, invalid, selectedLines } = cart;
  const pieces = valid.reduce((sum, line) => sum + line.num, 0);

  return (
    <div className="cart-page shop-container">
      <h1 className="cart-page__title">
        我的购物车<span className="cart-page__count">（全部商品 {pieces} 件）</span>
      </h1>
      {valid.length === 0 ? (
        <CartEmpty hasInvalid={invalid.length > 0} />
      ) : (
        <>
          <div className="cart-head">
            <span className="cart-col cart-col--check">
              <Checkbox aria-label="全选" checked={cart.allSelected} disabled={cart.selectable.length === 0} onChange={(event) => cart.toggleAll(event.target.checked)} />
            </span>
            <span className="cart-col cart-col--goods">商品信息</span>
            <span className="cart-col cart-col--price">单价</span>
            <span className="cart-col cart-col--num">数量</span>
            <span className="cart-col cart-col--subtotal">小计</span>
            <span className="cart-col cart-col--action">操作</span>
          </div>
          <ul className="cart-list" aria-label="购物车商品">
            {valid.map((line) => (
              <CartLineRow
                key={line.cart_id}
                line={line}
                selected={cart.selected.has(line.cart_id)}
                onSelect={cart.toggle}
                onChangeQuantity={cart.changeQuantity}
                onDelete={cart.remove}
              />
            ))}
          </ul>
        </>
      )}
      {invalid.length > 0 && <CartInvalidLines lines={invalid} onDelete={cart.remove} onClear={cart.clearInvalid} />}
      {valid.length > 0 && (
        <CartFooter
          allSelected={cart.allSelected}
          canSelect={cart.selectable.length > 0}
          selectedKinds={selectedLines.length}
          selectedPieces={selectedLines.reduce((sum, line) => sum + line.num, 0)}
          total={sumLines(selectedLines)}
          onSelectAll={cart.toggleAll}
          onDeleteSelected={() => cart.remove(selectedLines.map((line) => line.cart_id))}
          onCheckout={() => void navigate(checkoutPath(selectedLines.map((line) => line.cart_id)))}
        />
      )}
    </div>
  );
}
