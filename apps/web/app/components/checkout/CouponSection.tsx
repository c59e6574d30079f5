import { useEffect, useState } from "react";
import type { CheckoutCoupon, OrderCalculation } from "@shop/contract";
import { browserApi } from "../../lib/api.ts";
import { formatPrice, formatTime } from "../../lib/format.ts";
import { couponFace, couponLabel } from "../coupon/coupon-text.ts";
import { CheckoutSection } from "./CheckoutSection.tsx";
import type { CouponChoice } from "./checkout-choices.ts";

interface CouponSectionProps {
  /** the kind's getcouponlist (checkout-kind.ts) */
  listPath: "/api/ordercreate/getcouponlist";
  orderKey: string;
  calculation: OrderCalculation | null;
  choice: CouponChoice;
  onChoose: (choice: CouponChoice) => void;
}

/**
 * 优惠券: the member's coupons this order can use, each with what it saves here, the best one
 * chosen at first (the server applies it: choice "best"); the shopper may pick another or none.
 * The amounts stay the server's: a pick is sent to calculate like every other choice.
 */
export function CouponSection({ listPath, orderKey, calculation, choice, onChoose }: CouponSectionProps) {
  const [coupons, setCoupons] = useState<CheckoutCoupon[] | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    let live = true;
    browserApi
      .call(listPath, { order_key: orderKey })
      .then((list) => live && setCoupons(list))
      .catch((failure: unknown) => {
        if (!live) return;
        setCoupons([]);
        setError(failure instanceof Error ? failure.message : "优惠券加载失败");
      });
    return () => {
      live = false;
    };
  }, [listPath, orderKey]);

  const applied = choice === "best" ? (calculation?.coupon_id ?? 0) : choice;
  const extra = coupons && coupons.length > 0 ? <span className="checkout-muted">{coupons.length} 张可用</span> : undefined;
  return (
    <CheckoutSection title="优惠券" className="checkout-coupon" extra={extra}>
      {coupons === null ? (
        <p className="checkout-muted">正在查找可用的优惠券…</p>
      ) : coupons.length === 0 ? (
        <p className="checkout-muted">
          {error || "暂无可用于本单的优惠券"}
          <a className="checkout-coupon__more" href="/web/goods/coupon" target="_blank" rel="noreferrer">
            去领券中心
          </a>
        </p>
      ) : (
        <div className="checkout-coupon__list" role="radiogroup" aria-label="选择优惠券">
          {coupons.map((coupon) => {
            const face = couponFace(coupon);
            const selected = applied === coupon.coupon_id;
            return (
              <button
                key={coupon.coupon_id}
                type="button"
                role="radio"
                aria-checked={selected}
                className={selected ? "checkout-coupon__card is-selected" : "checkout-coupon__card"}
                onClick={() => onChoose(coupon.coupon_id)}
              >
                <span className="checkout-coupon__face">
                  {face.prefix}
                  <strong>{face.value}</strong>
                  {face.unit}
                </span>
                <span className="checkout-coupon__info">
                  <span className="checkout-coupon__name">
                    {coupon.is_best === 1 && <em className="checkout-coupon__best">最优</em>}
                    {coupon.coupon_name}
                  </span>
                  <span className="checkout-muted">
                    {couponLabel(coupon)} · {coupon.goods_type_name} · 有效期至 {formatTime(coupon.end_time - 1, "YYYY.MM.DD")}
                  </span>
                  <span className="checkout-coupon__saving">本单可省 ¥{formatPrice(coupon.saving)}</span>
                </span>
              </button>
            );
          })}
          <button type="button" role="radio" aria-checked={applied === 0} className={applied === 0 ? "checkout-coupon__none is-selected" : "checkout-coupon__none"} onClick={() => onChoose(0)}>
            不使用优惠券
          </button>
        </div>
      )}
    </CheckoutSection>
  );
}
