import type { ReactNode } from "react";
import { AlipayCircleFilled, CheckOutlined, ExperimentFilled, WalletFilled, WechatFilled } from "@ant-design/icons";
import type { PayMethod } from "@shop/contract";

const ICONS: Record<string, ReactNode> = {
  balance: <WalletFilled />,
  sandbox: <ExperimentFilled />,
  alipay: <AlipayCircleFilled />,
  wechatpay: <WechatFilled />,
};

const HINTS: Record<string, string> = {
  sandbox: "测试网关，不产生真实扣款",
  alipay: "跳转到支付宝收银台付款",
  wechatpay: "微信扫一扫付款",
};

interface PayMethodListProps {
  methods: PayMethod[];
  selected: string;
  onSelect: (name: string) => void;
  /** "¥50.00" of the member's balance, shown on the balance card */
  balance: string;
  /** why the balance cannot pay this trade ("" when it can) */
  balanceRefusal: string;
}

/** The methods as cards (a radio group): icon, title, a line about each; balance shows what is left. */
export function PayMethodList({ methods, selected, onSelect, balance, balanceRefusal }: PayMethodListProps) {
  return (
    <div className="pay-methods" role="radiogroup" aria-label="支付方式">
      {methods.map((method) => {
        const disabled = method.name === "balance" && Boolean(balanceRefusal);
        const checked = selected === method.name;
        const hint = method.name === "balance" ? (balanceRefusal ? `可用余额 ¥${balance}，${balanceRefusal}` : `可用余额 ¥${balance}`) : HINTS[method.name];
        return (
          <button
            key={method.name}
            type="button"
            role="radio"
            aria-checked={checked}
            disabled={disabled}
            className={`pay-method${checked ? " is-checked" : ""}`}
            onClick={() => onSelect(method.name)}
          >
            <span className={`pay-method-icon pay-method-icon-${method.name}`}>{ICONS[method.name]}</span>
            <span className="pay-method-text">
              <span className="pay-method-title">{method.title}</span>
              {hint ? <span className="pay-method-hint">{hint}</span> : null}
            </span>
            {checked ? <CheckOutlined className="pay-method-check" /> : null}
          </button>
        );
      })}
    </div>
  );
}
