import { Checkbox, Input } from "antd";
import type { CheckoutPointConfig, OrderCalculation } from "@shop/contract";
import { formatPrice } from "../../lib/format.ts";
import { CheckoutSection } from "./CheckoutSection.tsx";
import type { CheckoutChoices } from "./checkout-choices.ts";

interface AccountSectionProps {
  calculation: OrderCalculation;
  pointConfig: CheckoutPointConfig;
  choices: CheckoutChoices;
  onChange: (patch: Partial<CheckoutChoices>) => void;
  payPassword: string;
  onPayPassword: (value: string) => void;
}

/** 使用余额 / 使用积分: what the member has, what this order can use, and the pay password when asked for. */
export function AccountSection({ calculation, pointConfig, choices, onChange, payPassword, onPayPassword }: AccountSectionProps) {
  const account = calculation.member_account;
  const hasBalance = account.balance_total !== "0.00";
  const pointsUsable = pointConfig.is_enable === 1 && calculation.max_usable_point > 0;
  return (
    <CheckoutSection title="余额与积分" className="checkout-account">
      <div className="checkout-account__row">
        <Checkbox checked={choices.useBalance} disabled={!hasBalance} onChange={(event) => onChange({ useBalance: event.target.checked })}>
          使用余额
        </Checkbox>
        <span className="checkout-muted">
          可用余额 ¥{formatPrice(account.balance_total)}
          {choices.useBalance && calculation.balance_money !== "0.00" && `，本单抵扣 ¥${formatPrice(calculation.balance_money)}`}
        </span>
      </div>
      {calculation.need_pay_password === 1 && (
        <div className="checkout-account__password">
          <span className="checkout-field__label">支付密码</span>
          <Input.Password aria-label="支付密码" maxLength={20} value={payPassword} autoComplete="off" placeholder="请输入支付密码" onChange={(event) => onPayPassword(event.target.value)} />
        </div>
      )}
      <div className="checkout-account__row">
        <Checkbox checked={choices.usePoint} disabled={!pointsUsable} onChange={(event) => onChange({ usePoint: event.target.checked })}>
          使用积分
        </Checkbox>
        <span className="checkout-muted">
          {pointConfig.is_enable !== 1
            ? "本店暂未开启积分抵扣"
            : `共 ${account.point} 积分，本单最多可用 ${calculation.max_usable_point} 积分（${pointConfig.points_per_yuan} 积分抵 ¥1.00，最多抵商品金额的 ${pointConfig.max_percent}%）`}
          {choices.usePoint && calculation.point_money !== "0.00" && `，抵扣 ¥${formatPrice(calculation.point_money)}`}
        </span>
      </div>
    </CheckoutSection>
  );
}
