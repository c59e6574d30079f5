import type { ReactNode } from "react";
import type { CouponRuleFields } from "@shop/contract";
import { couponCap, couponCondition, couponFace } from "./coupon-text.ts";

interface CouponTicketProps {
  coupon: Pick<CouponRuleFields, "coupon_name" | "type" | "money" | "discount" | "discount_limit" | "at_least" | "goods_type_name">;
  /** the validity line (a type's or a held coupon's) */
  validity: string;
  /** muted: used, expired or used up */
  muted?: boolean;
  /** a stamp over the ticket: 已使用, 已过期, 已领完 */
  stamp?: string;
  /** a line under the validity (how it came, the order that used it, a progress bar…) */
  extra?: ReactNode;
  /** the button or link on the right */
  action?: ReactNode;
  className?: string;
}

/** A coupon as a ticket: the figure and condition on the left, name, scope and validity, the action on the right. */
export function CouponTicket({ coupon, validity, muted = false, stamp, extra, action, className = "" }: CouponTicketProps) {
  const face = couponFace(coupon);
  const cap = couponCap(coupon);
  const classes = ["coupon-ticket", `coupon-ticket--${coupon.type === "discount" ? "discount" : "reward"}`, muted ? "is-muted" : "", className].filter(Boolean).join(" ");
  return (
    <article className={classes} aria-label={coupon.coupon_name}>
      <div className="coupon-ticket__face">
        <p className="coupon-ticket__value">
          {face.prefix && <small>{face.prefix}</small>}
          <strong>{face.value}</strong>
          {face.unit && <small>{face.unit}</small>}
        </p>
        <p className="coupon-ticket__condition">{couponCondition(coupon)}</p>
      </div>
      <div className="coupon-ticket__body">
        <h3 className="coupon-ticket__name">{coupon.coupon_name}</h3>
        <p className="coupon-ticket__scope">
          <span className="coupon-ticket__tag">{coupon.goods_type_name}</span>
          {cap && <span>{cap}</span>}
        </p>
        <p className="coupon-ticket__validity">{validity}</p>
        {extra}
      </div>
      {action && <div className="coupon-ticket__action">{action}</div>}
      {stamp && (
        <span className="coupon-ticket__stamp" aria-hidden="true">
          {stamp}
        </span>
      )}
    </article>
  );
}
