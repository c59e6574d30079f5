import { useNavigate } from "react-router";
import { Link } from "../chrome/Link.tsx";
import { Button, Input, Space } from "antd";
import type { OrderCounts, OrderListFilter } from "@shop/contract";
import { ORDER_TABS, orderListHref } from "./order-paths.ts";

interface OrderListToolbarProps {
  status: OrderListFilter;
  search: string;
  counts: OrderCounts | null;
}

/** The tabs with their counts (links, so they work before hydration) and the search by goods name or order number. */
export function OrderListToolbar({ status, search, counts }: OrderListToolbarProps) {
  const navigate = useNavigate();
  return (
    <div className="order-toolbar">
      <nav className="order-tabs" aria-label="订单状态">
        {ORDER_TABS.map((tab) => {
          const count = tab.count && counts ? counts[tab.count] : 0;
          const active = tab.filter === status;
          return (
            <Link
              key={tab.filter}
              to={orderListHref(tab.filter, search)}
              className={active ? "order-tab order-tab-active" : "order-tab"}
              aria-current={active ? "page" : undefined}
              aria-label={count > 0 ? `${tab.label} ${count}` : tab.label}
            >
              {tab.label}
              {count > 0 && <em className="order-tab-count">{count > 99 ? "99+" : count}</em>}
            </Link>
          );
        })}
      </nav>
      <form
        key={search}
        className="order-search"
        role="search"
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          const value = new FormData(event.currentTarget).get("search");
          void navigate(orderListHref(status, String(value ?? "").trim()));
        }}
      >
        {/* Without scripts the form submits itself: the tab goes along. */}
        {status !== "all" && <input type="hidden" name="status" value={status} />}
        <Space.Compact>
          <Input name="search" defaultValue={search} placeholder="输入商品名称或订单号" allowClear maxLength={50} aria-label="搜索订单" />
          <Button type="primary" htmlType="submit">
            搜索
          </Button>
        </Space.Compact>
      </form>
    </div>
  );
}
