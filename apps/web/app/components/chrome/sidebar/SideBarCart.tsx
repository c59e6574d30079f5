import { Link } from "react-router";
import { ShoppingCartOutlined } from "@ant-design/icons";
import { useCart } from "../cart/cart-context.tsx";

/** The side bar's cart entry: icon, vertical 购物车 and the count badge. */
export function SideBarCart() {
  const { count } = useCart();
  return (
    <Link to="/goods/cart" className="sidebar-cart" aria-label="购物车">
      <ShoppingCartOutlined className="sidebar-cart-icon" />
      <span className="sidebar-cart-text">购物车</span>
      <em className="sidebar-cart-badge">{count > 99 ? "99+" : count}</em>
    </Link>
  );
}
