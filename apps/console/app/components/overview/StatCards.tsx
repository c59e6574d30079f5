import { Card, Col, Row, Statistic, Tooltip } from "antd";
import type { StatTotal } from "@shop/contract";

interface Figure {
  key: string;
  title: string;
  value: (total: StatTotal) => string | number;
  prefix?: string;
  hint: string;
}

const FIGURES: Figure[] = [
  { key: "order_pay_money", title: "支付金额", prefix: "¥", value: (t) => t.order_pay_money, hint: "期间内支付的订单的订单金额（含运费），之后退款的也计入" },
  { key: "order_pay_count", title: "支付订单数", value: (t) => t.order_pay_count, hint: "期间内支付的订单数" },
  { key: "order_member_count", title: "支付人数", value: (t) => t.order_member_count, hint: "期间内支付过订单的会员数" },
  { key: "goods_pay_count", title: "支付件数", value: (t) => t.goods_pay_count, hint: "期间内支付的订单中的商品件数" },
  { key: "order_avg_money", title: "客单价", prefix: "¥", value: (t) => t.order_avg_money, hint: "支付金额 ÷ 支付订单数" },
  { key: "refund_total", title: "退款金额", prefix: "¥", value: (t) => t.refund_total, hint: "期间内实际退回给买家的金额（余额与原路退回）" },
  { key: "member_count", title: "新增会员", value: (t) => t.member_count, hint: "期间内注册的会员数" },
  { key: "visit_count", title: "访客数", value: (t) => t.visit_count ?? "未统计", hint: "商城暂不记录访客" },
];

/** The period's totals as cards; each card's title explains its figure on hover. */
export default function StatCards({ total, loading }: { total: StatTotal | undefined; loading: boolean }) {
  return (
    <Row gutter={[16, 16]} aria-label="统计数据" aria-busy={loading}>
      {FIGURES.map((figure) => (
        <Col key={figure.key} xs={12} md={6} xxl={3}>
          <Card size="small" data-stat={figure.key}>
            <Statistic
              title={<Tooltip title={figure.hint}>{figure.title}</Tooltip>}
              value={total ? figure.value(total) : "-"}
              prefix={total ? figure.prefix : undefined}
              loading={loading && !total}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
