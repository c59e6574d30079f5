import { useCallback, useEffect, useState } from "react";
import { Button, Col, Row, Segmented, Space, Typography } from "antd";
import { ReloadOutlined } from "@ant-design/icons";
import { useSearchParams } from "react-router";
import type { StatDayData, StatGoodsRank, StatTodo, StatTotal } from "@shop/contract";
import ConsolePage from "../components/ConsolePage.tsx";
import StatCards from "../components/overview/StatCards.tsx";
import TodoPanel from "../components/overview/TodoPanel.tsx";
import TrendChart from "../components/overview/TrendChart.tsx";
import GoodsRankChart, { type RankBy } from "../components/overview/GoodsRankChart.tsx";
import { PERIODS, lastDays, periodOf, type PeriodValue } from "../components/overview/stat-range.ts";
import { useStaffCall } from "../lib/use-staff-call.ts";

export function meta() {
  return [{ title: "经营概况 - 商城管理后台" }];
}

/** The trend shows at least a week, so "today" still has something to compare with. */
const MIN_TREND_DAYS = 7;
const RANK_SIZE = 8;

/**
 * 经营概况: the period's figures (today / 7 / 30 days, Beijing days, in the URL), the trend, the
 * best-selling goods and the to-do counts linking to their lists.
 */
export default function OverviewPage() {
  const call = useStaffCall();
  const [params, setParams] = useSearchParams();
  const period = periodOf(params.get("period"));
  const rankBy: RankBy = params.get("rank") === "money" ? "money" : "num";
  const [total, setTotal] = useState<StatTotal>();
  const [trend, setTrend] = useState<StatDayData>();
  const [rank, setRank] = useState<StatGoodsRank[]>();
  const [todo, setTodo] = useState<StatTodo>();
  const [loading, setLoading] = useState(true);
  /** the period the shown figures are of: until the new ones come, the cards say they are busy */
  const [shownPeriod, setShownPeriod] = useState<PeriodValue>();
  const trendDays = Math.max(period.days, MIN_TREND_DAYS);

  const load = useCallback(async () => {
    setLoading(true);
    const range = lastDays(period.days);
    const rankPath = rankBy === "num" ? "/shopapi/stat/getgoodsordernumstat" : "/shopapi/stat/getgoodsordermoneystat";
    const [nextTotal, nextTrend, nextRank, nextTodo] = await Promise.all([
      call("/shopapi/stat/getstattotal", range),
      call("/shopapi/stat/getstatdata", lastDays(trendDays), { silent: true }),
      call(rankPath, { ...range, limit: RANK_SIZE }, { silent: true }),
      call("/shopapi/index/todo", {}, { silent: true }),
    ]);
    setLoading(false);
    setShownPeriod(period.value);
    setTotal(nextTotal);
    setTrend(nextTrend);
    setRank(nextRank);
    setTodo(nextTodo);
  }, [call, period.days, period.value, rankBy, trendDays]);
  useEffect(() => {
    void load();
  }, [load]);

  const setParam = (key: string, value: string, fallback: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === fallback) next.delete(key);
      else next.set(key, value);
      return next;
    });

  const extra = (
    <Space>
      <Segmented<PeriodValue> aria-label="统计时间" value={period.value} onChange={(value) => setParam("period", value, "today")} options={PERIODS.map(({ value, label }) => ({ value, label }))} />
      <Button icon={<ReloadOutlined />} onClick={() => void load()} loading={loading}>
        刷新
      </Button>
    </Space>
  );

  return (
    <ConsolePage title="经营概况" extra={extra}>
      <Space orientation="vertical" size={16} style={{ width: "100%" }}>
        <Typography.Text type="secondary">按北京时间统计{period.days === 1 ? "今日（0 点起）" : `近 ${period.days} 天（含今日）`}的数据</Typography.Text>
        <StatCards total={total} loading={loading || shownPeriod !== period.value} />
        <TodoPanel todo={todo} />
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={14}>
            <TrendChart title={`近${trendDays}天趋势`} data={trend} />
          </Col>
          <Col xs={24} xl={10}>
            <GoodsRankChart list={rank} by={rankBy} onByChange={(by) => setParam("rank", by, "num")} />
          </Col>
        </Row>
      </Space>
    </ConsolePage>
  );
}
