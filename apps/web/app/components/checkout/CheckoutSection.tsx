import type { ReactNode } from "react";

/** One titled block of the checkout page (收货地址, 配送方式 …). */
export function CheckoutSection({ title, extra, children, className = "" }: { title: string; extra?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={`checkout-section ${className}`.trim()} aria-label={title}>
      <header className="checkout-section__head">
        <h2>{title}</h2>
        {extra}
      </header>
      <div className="checkout-section__body">{children}</div>
    </section>
  );
}
