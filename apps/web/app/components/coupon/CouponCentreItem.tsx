import { useState } from "react";
import type { CouponTypeItem } from "@shop/contract";
import { CouponTicket } from "./CouponTicket.tsx";
import { ReceiveButton } from "./ReceiveButton.tsx";
import { typeValidity } from "./coupon-text.ts";

/** A type as offered (coupon centre, SKU page): the ticket, how much is gone, and 领取 / 去使用 / 已领完. */
export function CouponCentreItem({ item, isMember, compact = false }: { item: CouponTypeItem; isMember: boolean; compact?: boolean }) {
  const [held, setHeld] = useState(item.received_num);
  const soldOut = item.receive_state === "sold_out";
  const extra = compact ? null : held > 0 ? (
    <p className="coupon-progress">已领取 {held} 张{item.max_fetch > 0 ? `（每人限领 ${item.max_fetch} 张）` : ""}</p>
  ) : item.count > 0 ? (
    <p className="coupon-progress">
      <span className="coupon-progress__bar" aria-hidden="true">
        <span style={{ width: `${item.lead_percent}%` }} />
      </span>
      已领 {item.lead_percent}%
    </p>
  ) : item.max_fetch > 0 ? (
    <p className="coupon-progress">每人限领 {item.max_fetch} 张</p>
  ) : null;
  return (
    <CouponTicket
      coupon={item}
      validity={typeValidity(item)}
      muted={soldOut && held === 0}
      extra={extra}
      action={<ReceiveButton item={item} isMember={isMember} onReceived={(_state, received) => setHeld(received)} />}
    />
  );
}
