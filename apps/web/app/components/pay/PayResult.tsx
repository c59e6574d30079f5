import { useState } from "react";
import { useRevalidator } from "react-router";
import { Link } from "../chrome/Link.tsx";
import { Button, Result } from "antd";
import { PAY_STATUS, type PayInfo } from "@shop/contract";
import { formatTime } from "../../lib/format.ts";
import { PayOrderSummary } from "./PayOrderSummary.tsx";
import { HOME_PATH, ORDER_LIST_PATH, cashierPath } from "./pay-paths.ts";
import { ACCOUNT_PATH, RECHARGE_ORDER_PATH, rechargeBonuses } from "../member/recharge/recharge-view.ts";
import { usePayStatus } from "./usePayStatus.ts";

/** Polls for about two minutes (60 × 2 s) before offering a manual refresh. */
const RESULT_POLLS = 60;

interface PayResultProps {
  info: PayInfo;
  merged: boolean;
}

/**
 * /pay/result and /pay/resultall (orders and recharges): paid, still waiting for the gateway's notify (polled every 2 s,
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

  const { recharge } = info;
  // A recharge's pages are the balance and the recharge records; an order's, the orders.
  const recordsPath = recharge ? RECHARGE_ORDER_PATH : ORDER_LIST_PATH;
  const recordsLabel = recharge ? "充值记录" : "查看订单";
  const links = recharge
    ? [
        <Link key="account" to={ACCOUNT_PATH}>
          <Button type="primary">查看余额</Button>
        </Link>,
        <Link key="records" to={RECHARGE_ORDER_PATH}>
          <Button>充值记录</Button>
        </Link>,
      ]
    : [
        <Link key="orders" to={ORDER_LIST_PATH}>
          <Button type="primary">查看订单</Button>
        </Link>,
        <Link key="home" to={HOME_PATH}>
          <Button>继续购物</Button>
        </Link>,
      ];
  const orderNos = info.orders.map((order) => order.order_no).join("、");
  const bonusText = recharge ? rechargeBonuses(recharge).map((bonus) => bonus.value).join("，") : "";

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
            {recharge ? (
              <>
                <p className="pay-result-line">充值订单：{recharge.order_no}</p>
                <p className="pay-result-line">
                  ¥{recharge.face_value} 已存入账户余额{bonusText ? `，${bonusText}` : ""}。
                </p>
              </>
            ) : (
              <>
                {!merged ? <p className="pay-result-line">订单编号：{orderNos}</p> : null}
                <p className="pay-result-line">我们会尽快为您发货，可在“我的订单”中查看进度。</p>
              </>
            )}
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
          <Link key="records" to={recordsPath}>
            <Button>{recordsLabel}</Button>
          </Link>,
        ]}
      />
    );
  } else {
    const why = recharge ? "该充值订单已超时关闭，如已付款，款项将由商家原路退回。" : "该支付单已关闭：订单已关闭，或已改用其他方式支付。请到订单列表查看。";
    view = <Result status="error" title="支付未完成" subTitle={why} extra={links} />;
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
