import { useState } from "react";
import { useRevalidator } from "react-router";
import { Link } from "../chrome/Link.tsx";
import { Button, Result } from "antd";
import { PAY_STATUS, type PayInfo } from "@shop/contract";
import { formatTime } from "../../lib/format.ts";
import { PayOrderSummary } from "./PayOrderSummary.tsx";
import { HOME_PATH, ORDER_LIST_PATH, cashierPath } from "./pay-paths.ts";
import { usePayStatus } from "./usePayStatus.ts";

/** Polls for about two minutes (60 × 2 s) before offering a manual refresh. */
const RESULT_POLLS = 60;

interface PayResultProps {
  info: PayInfo;
  merged: boolean;
}

/**
 * /pay/result and /pay/resultall: paid, still waiting for the gateway's notify (polled every 2 s,
 * the page turns to success by itself), or not paid at all (the trade was cancelled).
 */
export function PayResult({ info, merged }: PayResultProps) {
  const revalidator = useRevalidator();
  const [status, setStatus] = useState(info.pay_status);
  const paid = status === PAY_STATUS.PAID || info.pay_status === PAY_STATUS.PAID;
  const waiting = !paid && (status === PAY_STATUS.PENDING || status === PAY_STATUS.PAYING);
  usePayStatus(info.out_trade_no, waiting, (next) => {
    setStatus(next);
    // Reload the trade for what the success view shows (method, time).
    if (next === PAY_STATUS.PAID) void revalidator.revalidate();
  }, RESULT_POLLS);

  const links = [
    <Link key="orders" to={ORDER_LIST_PATH}>
      <Button type="primary">查看订单</Button>
    </Link>,
    <Link key="home" to={HOME_PATH}>
      <Button>继续购物</Button>
    </Link>,
  ];
  const orderNos = info.orders.map((order) => order.order_no).join("、");

  let view;
  if (paid) {
    view = (
      <Result
        status="success"
        title="支付成功"
        subTitle={
          <>
            <p className="pay-result-line">
              实付金额 <strong className="pay-amount">¥{info.pay_money}</strong>
            </p>
            {info.pay_type_name ? (
              <p className="pay-result-line">
                支付方式：{info.pay_type_name}
                {info.pay_time ? <span className="pay-result-gap">支付时间：{formatTime(info.pay_time)}</span> : null}
              </p>
            ) : null}
            {!merged ? <p className="pay-result-line">订单编号：{orderNos}</p> : null}
            <p className="pay-result-line">我们会尽快为您发货，可在“我的订单”中查看进度。</p>
          </>
        }
        extra={links}
      />
    );
  } else if (waiting) {
    view = (
      <Result
        status="info"
        title="支付结果确认中"
        subTitle={
          <>
            <p className="pay-result-line">
              应付金额 <strong className="pay-amount">¥{info.pay_money}</strong>
            </p>
            <p className="pay-result-line">正在等待支付平台的结果通知，收到后本页会自动刷新；如尚未付款，请返回收银台继续支付。</p>
          </>
        }
        extra={[
          <Link key="cashier" to={cashierPath(info.out_trade_no, merged)}>
            <Button type="primary">返回收银台</Button>
          </Link>,
          <Button key="refresh" onClick={() => void revalidator.revalidate()}>
            刷新结果
          </Button>,
          <Link key="orders" to={ORDER_LIST_PATH}>
            <Button>查看订单</Button>
          </Link>,
        ]}
      />
    );
  } else {
    view = <Result status="error" title="支付未完成" subTitle="该支付单已关闭：订单已关闭，或已改用其他方式支付。请到订单列表查看。" extra={links} />;
  }

  return (
    <div className="pay-page">
      <section className="pay-panel pay-result">{view}</section>
      {merged ? (
        <section className="pay-panel">
          <h2 className="pay-panel-title">本次支付的订单（共 {info.orders.length} 个）</h2>
          <PayOrderSummary orders={info.orders} />
        </section>
      ) : null}
    </div>
  );
}
