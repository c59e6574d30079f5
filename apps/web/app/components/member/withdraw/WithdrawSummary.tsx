import type { ReactNode } from "react";
import type { WithdrawInfo } from "@shop/contract";
import { formatPrice } from "../../../lib/format.ts";

/** The member's withdrawal figures in a row: 可提现余额, 提现中 (frozen), 累计已提现; `actions` on the right. */
export function WithdrawSummary({ info, actions }: { info: WithdrawInfo; actions?: ReactNode }) {
  const figures = [
    { key: "withdrawable", label: "可提现余额", value: info.withdrawable, strong: true },
    { key: "frozen", label: "提现中（冻结）", value: info.frozen },
    { key: "withdrawn", label: "累计已提现", value: info.withdrawn },
  ];
  return (
    <section className="withdraw-summary" aria-label="提现概况">
      <dl className="withdraw-summary-figures">
        {figures.map((figure) => (
          <div key={figure.key} className={figure.strong ? "withdraw-summary-main" : undefined}>
            <dt>{figure.label}</dt>
            <dd data-testid={`withdraw-${figure.key}`}>¥{formatPrice(figure.value)}</dd>
          </div>
        ))}
      </dl>
      {actions && <div className="withdraw-summary-actions">{actions}</div>}
    </section>
  );
}
