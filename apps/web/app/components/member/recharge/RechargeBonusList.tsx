import type { RechargeCoupon } from "@shop/contract";
import { rechargeBonuses } from "./recharge-view.ts";

interface RechargeBonusListProps {
  item: { point: number; growth: number; coupon_list: RechargeCoupon[] };
  /** what to show when there is no bonus ("" shows nothing) */
  none?: string;
}

/** The bonuses of a package or order as small tags: 送 N 积分, 送 N 成长值, each coupon. */
export function RechargeBonusList({ item, none = "" }: RechargeBonusListProps) {
  const bonuses = rechargeBonuses(item);
  if (bonuses.length === 0) return none ? <span className="recharge-bonus-none">{none}</span> : null;
  return (
    <ul className="recharge-bonuses" aria-label="充值赠送">
      {bonuses.map((bonus) => (
        <li key={bonus.key} className={`recharge-bonus recharge-bonus-${bonus.key.split("-")[0]}`} title={bonus.value}>
          {bonus.value}
        </li>
      ))}
    </ul>
  );
}
