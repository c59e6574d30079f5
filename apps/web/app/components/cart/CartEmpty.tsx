import { Link } from "../chrome/Link.tsx";
import { ShoppingCartOutlined } from "@ant-design/icons";

/** No buyable line: a way back to the shop. */
export function CartEmpty({ hasInvalid }: { hasInvalid: boolean }) {
  return (
    <div className="cart-empty">
      <ShoppingCartOutlined className="cart-empty__icon" />
      <div>
        <p className="cart-empty__text">{hasInvalid ? "购物车里暂时没有可以购买的商品" : "您的购物车还是空的"}</p>
        <p className="cart-empty__links">
          <Link to="/">去逛逛</Link>
          <Link to="/member/collection">看看我的关注</Link>
        </p>
      </div>
    </div>
  );
}
