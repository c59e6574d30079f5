import { Badge, Card, Col, Row, Typography } from "antd";
import { Link } from "react-router";
import type { StatTodo } from "@shop/contract";

/** Each to-do and the filtered list it opens (those lists read these parameters). */
const TODOS: Array<{ key: keyof StatTodo; label: string; to: string }> = [
  { key: "waitsend_count", label: "待发货订单", to: "/order?order_status=1" },
  { key: "refund_count", label: "待处理退款", to: "/aftersale/refund?todo=1" },
  { key: "evaluate_count", label: "待审核评价", to: "/aftersale/evaluate?is_audit=0" },
  { key: "withdraw_count", label: "待审核提现", to: "/member/withdraw?status=0" },
  { key: "stock_alarm_count", label: "库存预警", to: "/goods?stockalarm=1" },
  { key: "chat_unread_count", label: "未读消息", to: "/chat" },
];

const TILE = { display: "block", padding: "10px 12px", border: "1px solid #f0f0f0", borderRadius: 6 } as const;

/** What awaits the shop now, each a link to its list. */
export default function TodoPanel({ todo }: { todo: StatTodo | undefined }) {
  return (
    <Card title="待办事项" size="small">
      <Row gutter={[12, 12]}>
        {TODOS.map((item) => {
          const count = todo?.[item.key];
          return (
            <Col key={item.key} xs={12} md={8} xl={4}>
              <Link to={item.to} style={TILE} aria-label={`${item.label} ${count ?? ""}`.trim()} data-todo={item.key}>
                <Typography.Text type="secondary">{item.label}</Typography.Text>
                <div style={{ marginTop: 6, fontSize: 20 }}>
                  {count === undefined ? "-" : <Badge count={count} showZero overflowCount={9999} color={count > 0 ? "#fa541c" : "#d9d9d9"} />}
                </div>
              </Link>
            </Col>
          );
        })}
      </Row>
    </Card>
  );
}
