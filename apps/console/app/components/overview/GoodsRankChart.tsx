import { Card, Empty, Segmented } from "antd";
import type { StatGoodsRank } from "@shop/contract";
import { ReactEChartsCore, echarts } from "./echarts.ts";

export type RankBy = "num" | "money";

/** The period's best-selling goods, by pieces or by money, as horizontal bars (the first on top). */
export default function GoodsRankChart({ list, by, onByChange }: { list: StatGoodsRank[] | undefined; by: RankBy; onByChange: (by: RankBy) => void }) {
  const top = [...(list ?? [])].reverse();
  const values = top.map((goods) => (by === "num" ? goods.sale_num : Number(goods.order_money)));
  const option = {
    // drawn at once: a period switch shows the new figures, not a transition from the old ones
    animation: false,
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    grid: { left: 8, right: 56, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: "value", minInterval: by === "num" ? 1 : 0 },
    yAxis: { type: "category", data: top.map((goods) => goods.goods_name), axisLabel: { width: 140, overflow: "truncate" } },
    series: [{ name: by === "num" ? "销量（件）" : "销售额（元）", type: "bar", data: values, label: { show: true, position: "right" }, itemStyle: { color: "#13c2c2" } }],
  };
  return (
    <Card
      title="商品排行"
      size="small"
      extra={<Segmented<RankBy> size="small" value={by} onChange={onByChange} options={[{ label: "按销量", value: "num" }, { label: "按销售额", value: "money" }]} />}
    >
      {list && list.length === 0 ? (
        <Empty description="期间内没有支付的商品" style={{ height: 280, paddingTop: 80 }} />
      ) : (
        <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height: 280 }} aria-label="商品排行" role="img" />
      )}
    </Card>
  );
}
