import { Card, Empty } from "antd";
import type { StatDayData } from "@shop/contract";
import { ReactEChartsCore, echarts } from "./echarts.ts";

/** Paid money (bars, yuan) and paid orders (line) per day, with refunds and new members in the tooltip. */
export default function TrendChart({ title, data }: { title: string; data: StatDayData | undefined }) {
  const option = data && {
    // drawn at once: a period switch shows the new figures, not a transition from the old ones
    animation: false,
    tooltip: { trigger: "axis" },
    legend: { data: ["支付金额", "退款金额", "支付订单数", "新增会员"], bottom: 0 },
    grid: { left: 56, right: 48, top: 32, bottom: 56 },
    xAxis: { type: "category", data: data.time.map((day) => day.slice(5)) },
    yAxis: [
      { type: "value", name: "金额（元）" },
      { type: "value", name: "数量", minInterval: 1 },
    ],
    series: [
      { name: "支付金额", type: "bar", data: data.order_pay_money.map(Number), itemStyle: { color: "#1677ff" } },
      { name: "退款金额", type: "bar", data: data.refund_total.map(Number), itemStyle: { color: "#fa8c16" } },
      { name: "支付订单数", type: "line", yAxisIndex: 1, data: data.order_pay_count, smooth: true, itemStyle: { color: "#52c41a" } },
      { name: "新增会员", type: "line", yAxisIndex: 1, data: data.member_count, smooth: true, itemStyle: { color: "#722ed1" } },
    ],
  };
  return (
    <Card title={title} size="small">
      {option ? <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height: 320 }} aria-label={title} role="img" /> : <Empty style={{ height: 320 }} />}
    </Card>
  );
}
