import { useEffect, useRef, useState } from "react";
import type { CouponTypeItem } from "@shop/contract";
import { CouponCentreItem } from "../coupon/CouponCentreItem.tsx";
import { couponLabel } from "../coupon/coupon-text.ts";

/** Chips shown in the row before 更多. */
const CHIPS = 3;

/**
 * 领券 on the SKU page: the free coupons usable on this goods as chips; 领取 opens a panel listing
 * them with 立即领取 in place (a guest's goes to login and back). Nothing when there are none.
 */
export function SkuCoupons({ coupons, isMember }: { coupons: CouponTypeItem[]; isMember: boolean }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);
  if (coupons.length === 0) return null;
  return (
    <div className="sku-coupons" ref={box}>
      <span className="sku-label">领券</span>
      <ul className="sku-coupons__chips">
        {coupons.slice(0, CHIPS).map((coupon) => (
          <li key={coupon.coupon_type_id} className="sku-coupons__chip">
            {couponLabel(coupon)}
          </li>
        ))}
      </ul>
      <button type="button" className="sku-coupons__toggle" aria-expanded={open} aria-controls="sku-coupons-panel" onClick={() => setOpen((value) => !value)}>
        {open ? "收起" : coupons.length > CHIPS ? `领取（共${coupons.length}张）` : "领取"}
      </button>
      {open && (
        <section id="sku-coupons-panel" className="sku-coupons__panel" aria-label="可领优惠券">
          <h2>可领优惠券</h2>
          <ul className="sku-coupons__list">
            {coupons.map((coupon) => (
              <li key={coupon.coupon_type_id}>
                <CouponCentreItem item={coupon} isMember={isMember} compact />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
