import { createContext, useContext, type ReactNode } from "react";
import type { CartSummary } from "./cart-types.ts";

export interface CartState extends CartSummary {
  /** delete one line from the mini-cart */
  remove: (cartId: number) => void;
}

const EMPTY_CART: CartState = { items: [], count: 0, total: 0, remove: () => {} };

const CartContext = createContext<CartState>(EMPTY_CART);

/**
 * The cart as the chrome sees it (header mini-cart, side-bar badge), provided once by PageShell.
 * SPEC §4: a guest's cart is empty, so when the member is cleared (logout, token error) the
 * count is 0 and the mini-cart empties.
 * The cart API arrives with the cart issue, which fills this provider: while
 * `useGlobalData().member` exists it loads /api/cart/count and /api/cart/goodslists (reloading
 * the list when the count changes) and implements `remove`. Until then the cart is empty.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  return <CartContext.Provider value={EMPTY_CART}>{children}</CartContext.Provider>;
}

export function useCart(): CartState {
  return useContext(CartContext);
}
