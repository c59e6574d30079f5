import { Link } from "../chrome/Link.tsx";
import { Button, Result } from "antd";

/** What /order/payment shows when there is nothing it can sell (lines gone, off shelf, out of stock …). */
export function CheckoutUnavailable({ reason }: { reason: string }) {
  return (
    <div className="checkout shop-container">
      <Result
        status="warning"
        title="无法结算"
        subTitle={reason}
        extra={[
          <Link key="cart" to="/goods/cart">
            <Button type="primary">返回购物车</Button>
          </Link>,
          <Link key="home" to="/">
            <Button>继续购物</Button>
          </Link>,
        ]}
      />
    </div>
  );
}
