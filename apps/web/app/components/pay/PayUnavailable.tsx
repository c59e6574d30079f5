import { Link } from "../chrome/Link.tsx";
import { Button, Result } from "antd";
import { HOME_PATH, ORDER_LIST_PATH } from "./pay-paths.ts";

/** A payment page that cannot go on (unknown, cancelled or already settled trade). */
export function PayUnavailable({ message }: { message: string }) {
  return (
    <div className="pay-page">
      <section className="pay-panel pay-result">
        <Result
          status="warning"
          title="无法支付"
          subTitle={message}
          extra={[
            <Link key="orders" to={ORDER_LIST_PATH}>
              <Button type="primary">查看订单</Button>
            </Link>,
            <Link key="home" to={HOME_PATH}>
              <Button>继续购物</Button>
            </Link>,
          ]}
        />
      </section>
    </div>
  );
}
