import { Link } from "react-router";
import { useCart } from "../cart/cart-context.tsx";
import { CartIcon } from "../icons.tsx";

/** The side bar's cart entry: icon, vertical 购物车 and the count badge. */
export function SideBarCart() {
  const { count } = useCart();
  return (
    // Named by its text and count (“购物车 3”): an aria-label of 购物车 alone would hide the count.
    <Link to="/goods/cart" className="sidebar-cart">
      <CartIcon className="sidebar-cart-icon" />
      <span className="sidebar-cart-text">购物车</span>
      <em className="sidebar-cart-badge">{count > 99 ? "99+" : count}</em>
    </Link>
  );
}
