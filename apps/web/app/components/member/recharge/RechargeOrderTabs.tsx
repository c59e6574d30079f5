import { RECHARGE_ORDER_FILTERS, type RechargeOrderFilter } from "@shop/contract";
import { Link } from "../../chrome/Link.tsx";
import { RECHARGE_FILTER_LABELS, rechargeOrderHref } from "./recharge-view.ts";

/** The status tabs of 充值记录 (links: the filter lives in the URL). */
export function RechargeOrderTabs({ current }: { current: RechargeOrderFilter }) {
  return (
    <nav className="recharge-tabs" aria-label="充值订单状态">
      {RECHARGE_ORDER_FILTERS.map((filter) => (
        <Link
          key={filter}
          to={rechargeOrderHref(filter)}
          className={filter === current ? "recharge-tab recharge-tab-active" : "recharge-tab"}
          aria-current={filter === current ? "page" : undefined}
        >
          {RECHARGE_FILTER_LABELS[filter]}
        </Link>
      ))}
    </nav>
  );
}
