import type { ReactNode } from "react";
import { Link } from "../chrome/Link.tsx";
import { CarOutlined, CommentOutlined, InboxOutlined, WalletOutlined } from "@ant-design/icons";
import type { OrderCounts } from "@shop/contract";

const ENTRIES: Array<{ key: keyof OrderCounts; label: string; status: string; icon: ReactNode }> = [
  { key: "waitpay", label: "待付款", status: "waitpay", icon: <WalletOutlined /> },
  { key: "waitsend", label: "待发货", status: "waitsend", icon: <InboxOutlined /> },
  { key: "waitconfirm", label: "待收货", status: "waitconfirm", icon: <CarOutlined /> },
  { key: "waitrate", label: "待评价", status: "waitrate", icon: <CommentOutlined /> },
];

/** 我的订单 on the welcome page: how many orders wait for the member in each step (/api/order/num), each a link to its tab. */
export function MemberOrderCounts({ counts }: { counts: OrderCounts | null }) {
  return (
    <div className="member-panel">
      <h2 className="member-panel-title member-orders-title">
        我的订单
        <Link to="/member/order_list" className="member-orders-all">
          查看全部订单
        </Link>
      </h2>
      <ul className="member-order-counts">
        {ENTRIES.map((entry) => {
          const count = counts?.[entry.key] ?? 0;
          return (
            <li key={entry.key}>
              <Link to={`/member/order_list?status=${entry.status}`} aria-label={`${entry.label} ${count}`}>
                <span className="member-order-icon">
                  {entry.icon}
                  {count > 0 && <em>{count > 99 ? "99+" : count}</em>}
                </span>
                {entry.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
