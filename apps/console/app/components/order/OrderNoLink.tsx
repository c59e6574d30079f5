import { Link, useOutletContext } from "react-router";
import type { StaffProfile } from "@shop/contract";

/** An order number: a link to the order's page for staff who may view orders, plain text for the others (an after-sales role). */
export default function OrderNoLink({ orderId, orderNo }: { orderId: number; orderNo: string }) {
  const staff = useOutletContext<StaffProfile | undefined>();
  return staff?.permissions.includes("order.view") ? <Link to={`/order/detail/${orderId}`}>{orderNo}</Link> : <>{orderNo}</>;
}
