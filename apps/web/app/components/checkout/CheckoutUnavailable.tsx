import { Link } from "../chrome/Link.tsx";
import { Button, Result } from "antd";
import type { CheckoutKind } from "./checkout-kind.ts";

/**
 * What a checkout page shows when there is nothing it can sell (lines gone, off shelf, out of
 * stock, a promotion over or its limit reached …): the server's reason and the way back.
 */
export function CheckoutUnavailable({ kind, reason }: { kind: CheckoutKind; reason: string }) {
  return (
    <div className="checkout shop-container">
      <Result
        status="warning"
        title="无法结算"
        subTitle={reason}
        extra={[
          <Link key="back" to={kind.back.to}>
            <Button type="primary">{kind.back.label}</Button>
          </Link>,
          kind.back.to !== "/" && (
            <Link key="home" to="/">
              <Button>继续购物</Button>
            </Link>
          ),
        ]}
      />
    </div>
  );
}
