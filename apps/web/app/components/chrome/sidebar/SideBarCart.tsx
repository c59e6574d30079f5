import { Link } from "../Link.tsx";
import { useCart } from "../cart/cart-context.tsx";
import { CartIcon } from "../../ui/icons.tsx";

/** The side bar's cart entry: icon, vertical 购物车 and the count badge. */
export function SideBarCart() {
  const { count } = useCart();
  const shown = count > 99 ? "99+" : String(count);
  return (
    // Named with the count in words: its text alone would read as “购物车3”.
    <Link to="/goods/cart" className="sidebar-cart" aria-label={`购物车，${shown} 件商品`}>
      <CartIcon className="sidebar-cart-icon" />
      <span className="sidebar-cart-text">购物车</span>
      <em className="sidebar-cart-badge">{shown}</em>
    </Link>
  );
}
