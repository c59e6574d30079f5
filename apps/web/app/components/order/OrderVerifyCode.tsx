import { VerifyStatus, type OrderDetail } from "@shop/contract";
import { formatTime } from "../../lib/format.ts";

/** What the shopper reads under the code: how to use it, or when it was used, or that it ran out. */
function codeNote(order: OrderDetail, pickup: boolean): string {
  if (order.verify_status === VerifyStatus.USED) {
    const when = order.verify_time ? `，核销时间 ${formatTime(order.verify_time, "YYYY-MM-DD HH:mm")}` : "";
    return `${order.verify_status_name}${when}`;
  }
  if (order.verify_status === VerifyStatus.EXPIRED) return `已过期（有效期至 ${formatTime(order.verify_expire_time, "YYYY-MM-DD HH:mm")}）`;
  return pickup ? "到店提货时请出示此码或二维码" : "使用时请出示此码或二维码";
}

/** A paid pickup or virtual order's code, as text and QR code, for a verifier to verify; its state and expiry. */
export function OrderVerifyCode({ order }: { order: OrderDetail }) {
  if (!order.verify_code) return null;
  const pickup = order.order_type === 2;
  const spent = order.verify_status !== VerifyStatus.UNUSED;
  const label = pickup ? "提货码" : "核销码";
  return (
    <section className="member-panel order-verify">
      <h3 className="member-panel-title">{label}</h3>
      <div className={spent ? "order-verify-body order-verify-used" : "order-verify-body"}>
        {order.verify_code_qrcode && <img className="order-verify-qrcode" src={order.verify_code_qrcode} alt={`${label}二维码`} width={160} height={160} />}
        <div className="order-verify-text">
          <p className="order-verify-code" data-testid="verify-code">{order.verify_code}</p>
          {!pickup && order.verify_status === VerifyStatus.UNUSED && (
            <p className="order-verify-expiry">{order.verify_expire_time ? `有效期至 ${formatTime(order.verify_expire_time, "YYYY-MM-DD HH:mm")}` : "长期有效"}</p>
          )}
          <p data-testid="verify-code-state">{codeNote(order, pickup)}</p>
        </div>
      </div>
    </section>
  );
}
