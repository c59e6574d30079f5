import type { OrderDetail } from "@shop/contract";

/** A paid pickup or virtual order's code, as text and QR code, for the staff to verify. */
export function OrderVerifyCode({ order }: { order: OrderDetail }) {
  if (!order.verify_code) return null;
  const pickup = order.order_type === 2;
  const used = order.order_status !== 2 && order.order_status !== 11;
  return (
    <section className="member-panel order-verify">
      <h3 className="member-panel-title">{pickup ? "提货码" : "核销码"}</h3>
      <div className={used ? "order-verify-body order-verify-used" : "order-verify-body"}>
        {order.verify_code_qrcode && <img className="order-verify-qrcode" src={order.verify_code_qrcode} alt={`${pickup ? "提货码" : "核销码"}二维码`} width={160} height={160} />}
        <div className="order-verify-text">
          <p className="order-verify-code" data-testid="verify-code">{order.verify_code}</p>
          <p>{used ? (pickup ? "已提货" : "已使用") : pickup ? "到店提货时请出示此码或二维码" : "使用时请出示此码或二维码"}</p>
        </div>
      </div>
    </section>
  );
}
