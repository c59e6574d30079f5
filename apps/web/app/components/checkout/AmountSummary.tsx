import { Alert, Button } from "antd";
import type { OrderCalculation } from "@shop/contract";
import { formatPrice } from "../../lib/format.ts";
import { addressSummary } from "./checkout-choices.ts";

interface AmountSummaryProps {
  calculation: OrderCalculation | null;
  error: string;
  submitting: boolean;
  onSubmit: () => void;
}

/** The amounts breakdown and the submit bar: 应付金额, where it goes, 提交订单 (or why not yet). */
export function AmountSummary({ calculation, error, submitting, onSubmit }: AmountSummaryProps) {
  const rows: Array<[string, string, "plus" | "minus"]> = calculation
    ? [
        ["商品金额", calculation.goods_money, "plus"],
        ["运费", calculation.delivery_money, "plus"],
        ["发票税费", calculation.invoice_money, "plus"],
        ["促销优惠", calculation.promotion_money, "minus"],
        ["优惠券", calculation.coupon_money, "minus"],
        ["积分抵扣", calculation.point_money, "minus"],
        ["余额抵扣", calculation.balance_money, "minus"],
      ]
    : [];
  const blocked = error || calculation?.submit_blocked_reason || "";
  // Without an address (or store) the freight is not known yet.
  const freightPending = calculation !== null && !calculation.member_address && (calculation.delivery_type === "express" || calculation.delivery_type === "local");
  return (
    <section className="checkout-summary" aria-label="订单金额">
      <dl className="checkout-summary__amounts">
        {rows
          .filter(([label, amount]) => label === "商品金额" || (label === "运费" && calculation?.delivery_type !== "virtual") || amount !== "0.00")
          .map(([label, amount, sign]) => (
            <div key={label} className="checkout-summary__row">
              <dt>{label}：</dt>
              <dd>{label === "运费" && freightPending ? "待计算" : `${sign === "minus" ? "-" : ""}¥${formatPrice(amount)}`}</dd>
            </div>
          ))}
      </dl>
      <div className="checkout-summary__bar">
        <div className="checkout-summary__pay">
          <p>
            应付金额：<strong className="checkout-summary__money">¥{formatPrice(calculation?.pay_money ?? "0.00")}</strong>
          </p>
          {calculation?.member_address && <p className="checkout-muted">寄送至：{addressSummary(calculation.member_address)}</p>}
          {calculation?.delivery_store && <p className="checkout-muted">自提门店：{calculation.delivery_store.store_name}（{calculation.delivery_store.full_address}）</p>}
        </div>
        <Button type="primary" size="large" className="checkout-summary__submit" loading={submitting} disabled={!calculation || Boolean(blocked)} onClick={onSubmit}>
          提交订单
        </Button>
      </div>
      {blocked && <Alert className="checkout-summary__blocked" type={error ? "error" : "warning"} showIcon title={blocked} />}
    </section>
  );
}
