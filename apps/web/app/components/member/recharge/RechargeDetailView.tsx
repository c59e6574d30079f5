import { useState, type ReactNode } from "react";
import { useRevalidator } from "react-router";
import type { RechargeOrder } from "@shop/contract";
import { Link } from "../../chrome/Link.tsx";
import { formatTime } from "../../../lib/format.ts";
import { PayCountdown } from "../../pay/PayCountdown.tsx";
import { cashierPath } from "../../pay/pay-paths.ts";
import { RechargeBonusList } from "./RechargeBonusList.tsx";
import { RechargeStatus } from "./RechargeStatus.tsx";
import { ACCOUNT_PATH, RECHARGE_LIST_PATH, RECHARGE_ORDER_PATH } from "./recharge-view.ts";

/** What the order's status means for the member, and what they can do next. */
function StatusPanel({ order }: { order: RechargeOrder }) {
  const revalidator = useRevalidator();
  const [expired, setExpired] = useState(false);
  if (order.status === 0) {
    return (
      <div className="recharge-detail-status recharge-detail-status-wait">
        <p className="recharge-detail-headline">
          <RechargeStatus status={order.status} name={order.status_name} /> 请尽快完成支付，支付后 ¥{order.face_value} 将存入账户余额
        </p>
        <PayCountdown closeTime={order.auto_close_time} onExpire={() => { setExpired(true); void revalidator.revalidate(); }} />
        {!expired && (
          <Link to={cashierPath(order.out_trade_no, false)} className="ui-button ui-button--primary">
            去支付 ¥{order.buy_price}
          </Link>
        )}
      </div>
    );
  }
  if (order.status === 1) {
    return (
      <div className="recharge-detail-status recharge-detail-status-paid">
        <p className="recharge-detail-headline">
          <RechargeStatus status={order.status} name={order.status_name} /> 充值成功，¥{order.face_value} 已存入账户余额
        </p>
        <Link to={ACCOUNT_PATH} className="ui-button">
          查看余额
        </Link>
      </div>
    );
  }
  return (
    <div className="recharge-detail-status recharge-detail-status-closed">
      <p className="recharge-detail-headline">
        <RechargeStatus status={order.status} name={order.status_name} /> 订单超时未支付，已自动关闭
      </p>
      <Link to={RECHARGE_LIST_PATH} className="ui-button">
        重新充值
      </Link>
    </div>
  );
}

/** /member/recharge_detail: the order's status and everything it holds. */
export function RechargeDetailView({ order }: { order: RechargeOrder }) {
  const rows: Array<[string, ReactNode]> = [
    ["订单编号", order.order_no],
    ["充值套餐", order.recharge_name],
    ["到账金额", <strong key="face" className="recharge-detail-money">¥{order.face_value}</strong>],
    ["实付金额", `¥${order.buy_price}`],
    ["充值赠送", <RechargeBonusList key="bonus" item={order} none="无" />],
    ["支付方式", order.pay_type_name || "—"],
    ["支付单号", order.out_trade_no],
    ["下单时间", formatTime(order.create_time)],
  ];
  if (order.pay_time) rows.push(["支付时间", formatTime(order.pay_time)]);
  if (order.close_time) rows.push(["关闭时间", formatTime(order.close_time)]);
  return (
    <div className="recharge-detail">
      <StatusPanel order={order} />
      <h2 className="recharge-detail-title">订单信息</h2>
      <dl className="recharge-detail-info">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="recharge-detail-back">
        <Link to={RECHARGE_ORDER_PATH}>返回充值记录</Link>
      </p>
    </div>
  );
}
