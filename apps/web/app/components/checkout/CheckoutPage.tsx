import { useState } from "react";
import { Input } from "antd";
import { BUYER_MESSAGE_MAX, type MemberAddress, type OrderCalculation, type OrderPaymentPreview } from "@shop/contract";
import { useMemberCall } from "../../lib/api-errors.ts";
import { AccountSection } from "./AccountSection.tsx";
import { AddressSection } from "./AddressSection.tsx";
import { AmountSummary } from "./AmountSummary.tsx";
import { CheckoutSection } from "./CheckoutSection.tsx";
import { CouponSection } from "./CouponSection.tsx";
import { DeliverySection } from "./DeliverySection.tsx";
import { GoodsSection } from "./GoodsSection.tsx";
import { InvoiceSection } from "./InvoiceSection.tsx";
import { useCheckout } from "./useCheckout.ts";
import { checkoutPaths, type CheckoutKind } from "./checkout-kind.ts";

export interface CheckoutPageProps {
  /** what it sells: the ordinary checkout or a promotion's (checkout-kind.ts) */
  kind: CheckoutKind;
  preview: OrderPaymentPreview;
  addresses: MemberAddress[];
  calculation: OrderCalculation | null;
  calculationError: string;
}

/**
 * /order/payment: 收货地址, 配送方式, 商品清单, 优惠券, 发票, 买家留言, 余额与积分, the amounts and 提交订单.
 * Every choice is sent to calculate; the amounts shown are always the server's. A promotion's
 * checkout (/promotion/{seckill|groupbuy|combo}/payment) says which promotion it buys at, and
 * offers coupons only when the promotion allows them.
 */
export function CheckoutPage({ kind, preview, addresses: initialAddresses, calculation: initialCalculation, calculationError }: CheckoutPageProps) {
  const checkout = useCheckout(kind, preview, initialCalculation, calculationError);
  const [addresses, setAddresses] = useState(initialAddresses);
  const call = useMemberCall();
  const { choices, change, calculation } = checkout;
  const isVirtual = preview.is_virtual === 1;
  const needsAddress = !isVirtual && choices.deliveryType !== "store";
  const promotion = preview.promotion;
  const allowsCoupon = !promotion || promotion.allow_coupon === 1;

  const addressSaved = async (addressId: number) => {
    const page = await call("/api/memberaddress/page", { page_size: 0 });
    if (page) setAddresses(page.list);
    change({ addressId });
    // An edited address keeps its id: the amounts must still be asked for again.
    checkout.recalculate();
  };

  return (
    <div className="checkout shop-container">
      <h1 className="checkout__title">填写并核对订单信息</h1>
      {promotion && (
        <p className="checkout-promotion" role="note">
          <span className="checkout-promotion__tag">{promotion.promotion_type_name}</span>
          本单按{promotion.promotion_type_name}活动价结算{promotion.allow_coupon === 1 ? "" : "，不可使用优惠券"}
          {promotion.auto_close_minutes > 0 && `；提交后请在 ${promotion.auto_close_minutes} 分钟内完成支付，超时订单将自动关闭`}。
        </p>
      )}
      {needsAddress && <AddressSection addresses={addresses} selectedId={choices.addressId} onSelect={(addressId) => change({ addressId })} onSaved={addressSaved} />}
      {!isVirtual && <DeliverySection delivery={preview.delivery} choices={choices} onChange={change} />}
      <GoodsSection lines={calculation?.goods_list ?? preview.goods_list} isVirtual={isVirtual} />
      {allowsCoupon && (
        <CouponSection listPath={checkoutPaths(kind).couponList} orderKey={preview.order_key} calculation={calculation} choice={choices.coupon} onChoose={(coupon) => change({ coupon })} />
      )}
      {preview.invoice.is_enable === 1 && <InvoiceSection config={preview.invoice} invoice={choices.invoice} onChange={(invoice) => change({ invoice })} />}
      <CheckoutSection title="买家留言" className="checkout-message">
        <Input.TextArea
          aria-label="买家留言"
          value={checkout.buyerMessage}
          maxLength={BUYER_MESSAGE_MAX}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
          placeholder="选填，请先和商家协商一致"
          onChange={(event) => checkout.setBuyerMessage(event.target.value)}
        />
      </CheckoutSection>
      {calculation && (
        <AccountSection
          calculation={calculation}
          pointConfig={preview.point_config}
          choices={choices}
          onChange={change}
          payPassword={checkout.payPassword}
          onPayPassword={checkout.setPayPassword}
        />
      )}
      <AmountSummary
        calculation={calculation}
        error={checkout.calculationError}
        submitting={checkout.submitting}
        onSubmit={() => void checkout.submit()}
      />
    </div>
  );
}
