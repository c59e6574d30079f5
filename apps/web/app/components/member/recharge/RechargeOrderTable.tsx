import { Empty } from "antd";
import type { RechargeOrder } from "@shop/contract";
import { Link } from "../../chrome/Link.tsx";
import { formatTime } from "../../../lib/format.ts";
import { cashierPath } from "../../pay/pay-paths.ts";
import { RechargeBonusList } from "./RechargeBonusList.tsx";
import { RechargeStatus } from "./RechargeStatus.tsx";
import { RECHARGE_LIST_PATH, rechargeDetailPath } from "./recharge-view.ts";

/** 充值记录 as a table: package and order number, credited, paid, bonuses, status, time, and what can be done. */
export function RechargeOrderTable({ orders, filtered }: { orders: RechargeOrder[]; filtered: boolean }) {
  if (orders.length === 0) {
    return (
      <Empty className="recharge-empty" description={filtered ? "没有该状态的充值记录" : "暂无充值记录"}>
        <Link to={RECHARGE_LIST_PATH}>去充值</Link>
      </Empty>
    );
  }
  return (
    <table className="recharge-table">
      <thead>
        <tr>
          <th scope="col" className="recharge-col-name">充值套餐</th>
          <th scope="col" className="recharge-col-money">到账金额</th>
          <th scope="col" className="recharge-col-money">实付金额</th>
          <th scope="col">赠送</th>
          <th scope="col" className="recharge-col-status">状态</th>
          <th scope="col" className="recharge-col-time">下单时间</th>
          <th scope="col" className="recharge-col-actions">操作</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.order_id}>
            <td>
              <span className="recharge-table-name">{order.recharge_name}</span>
              <span className="recharge-table-no">订单号 {order.order_no}</span>
            </td>
            <td className="recharge-col-money">¥{order.face_value}</td>
            <td className="recharge-col-money recharge-table-pay">¥{order.buy_price}</td>
            <td>
              <RechargeBonusList item={order} none="—" />
            </td>
            <td className="recharge-col-status">
              <RechargeStatus status={order.status} name={order.status_name} />
            </td>
            <td className="recharge-col-time">{formatTime(order.create_time, "YYYY-MM-DD HH:mm")}</td>
            <td className="recharge-col-actions">
              {order.status === 0 && (
                <Link to={cashierPath(order.out_trade_no, false)} className="recharge-action-pay">
                  去支付
                </Link>
              )}
              <Link to={rechargeDetailPath(order.order_id)}>查看详情</Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
