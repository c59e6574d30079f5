import type { RechargeOrder } from "@shop/contract";
import { formatTime } from "../../lib/format.ts";
import { rechargeBonuses } from "../member/recharge/recharge-view.ts";

/** What a recharge trade pays, on the cashier and the result page: the package, what it credits and gives, the order. */
export function PayRechargeSummary({ recharge }: { recharge: RechargeOrder }) {
  const bonuses = rechargeBonuses(recharge).map((bonus) => bonus.value);
  return (
    <dl className="pay-order-single">
      <dt>充值订单</dt>
      <dd>{recharge.order_no}</dd>
      <dt>充值套餐</dt>
      <dd>{recharge.recharge_name}</dd>
      <dt>到账金额</dt>
      <dd>¥{recharge.face_value}（存入账户余额）</dd>
      {bonuses.length > 0 && (
        <>
          <dt>充值赠送</dt>
          <dd>{bonuses.join("；")}</dd>
        </>
      )}
      <dt>下单时间</dt>
      <dd>{formatTime(recharge.create_time)}</dd>
    </dl>
  );
}
