import { useCallback, useEffect, useState } from "react";
import { App, Button, Popconfirm, Space, Table, Tag, Typography } from "antd";
import type { Page } from "@shop/contract/codes";
import type { StaffSeckill, StaffSeckillSlot } from "@shop/contract";
import ConsolePage from "../../components/ConsolePage.tsx";
import PhaseFilters from "../../components/marketing/PhaseFilters.tsx";
import SeckillSlots from "../../components/marketing/SeckillSlots.tsx";
import SeckillDrawer from "../../components/marketing/SeckillDrawer.tsx";
import { PHASE_COLORS, phaseOf } from "../../components/marketing/phases.ts";
import { fullTime } from "../../lib/format.ts";
import { tablePagination, useListQuery } from "../../lib/use-list-query.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";

export function meta() {
  return [{ title: "限时秒杀 - 商城管理后台" }];
}

/** 限时秒杀: the day's slots, then the seckills (status and name filters in the URL) with what they sold. */
export default function SeckillPage() {
  const call = useStaffCall();
  const { message } = App.useApp();
  const { query, setFilters, setPage } = useListQuery();
  const [slots, setSlots] = useState<StaffSeckillSlot[]>([]);
  const [slotsLoading, setSlotsLoading] = useState(true);
  const [data, setData] = useState<Page<StaffSeckill>>({ list: [], count: 0, page_count: 0 });
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<StaffSeckill | "new" | null>(null);
  const keyword = query.filters.keyword ?? "";
  const status = phaseOf(query.filters.status);

  const loadSlots = useCallback(async () => {
    setSlotsLoading(true);
    const list = await call("/shopapi/seckill/timelists", {});
    setSlotsLoading(false);
    if (list) setSlots(list);
  }, [call]);
  const load = useCallback(async () => {
    setLoading(true);
    const page = await call("/shopapi/seckill/lists", { page: query.page, page_size: query.pageSize, keyword, status });
    setLoading(false);
    if (page) setData(page);
  }, [call, query.page, query.pageSize, keyword, status]);
  useEffect(() => {
    void loadSlots();
  }, [loadSlots]);
  useEffect(() => {
    void load();
  }, [load]);

  const close = async (seckill: StaffSeckill) => {
    if (await call("/shopapi/seckill/close", { seckill_id: seckill.seckill_id })) {
      void message.success(`已关闭「${seckill.seckill_name}」`);
      void load();
      void loadSlots();
    }
  };
  const slotName = new Map(slots.map((slot) => [slot.id, slot.name]));

  const filters = <PhaseFilters keyword={keyword} status={status} onSearch={setFilters} />;

  return (
    <ConsolePage title="限时秒杀" extra={<Button type="primary" onClick={() => setEditing("new")} disabled={slots.length === 0} title={slots.length === 0 ? "请先添加场次" : undefined}>添加秒杀商品</Button>}>
      <SeckillSlots slots={slots} loading={slotsLoading} onChanged={() => void loadSlots()} />
      <div className="console-page__filters">{filters}</div>
      <Table<StaffSeckill>
        rowKey="seckill_id"
        loading={loading}
        dataSource={data.list}
        pagination={tablePagination(query, data.count, setPage)}
        scroll={{ x: 1240 }}
        locale={{ emptyText: keyword || status !== "all" ? "没有匹配的秒杀活动" : "还没有秒杀活动" }}
        columns={[
          {
            title: "活动 / 商品",
            key: "name",
            width: 240,
            render: (_, seckill) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{seckill.seckill_name}</Typography.Text>
                <Typography.Text type="secondary">{seckill.goods_name}</Typography.Text>
              </Space>
            ),
          },
          {
            title: "秒杀价",
            key: "price",
            width: 110,
            align: "right",
            render: (_, seckill) => {
              const prices = seckill.sku_list.map((sku) => Number(sku.seckill_price));
              return prices.length ? `¥${Math.min(...prices).toFixed(2)}${prices.some((price) => price !== prices[0]) ? " 起" : ""}` : "—";
            },
          },
          { title: "场次", dataIndex: "time_ids", width: 160, render: (ids: number[]) => ids.map((id) => slotName.get(id) ?? `#${id}`).join("、") },
          { title: "活动时间", key: "time", width: 180, render: (_, seckill) => <>{fullTime(seckill.start_time)}<br />{fullTime(seckill.end_time)}</> },
          { title: "已售 / 剩余", key: "sold", width: 100, align: "right", render: (_, seckill) => `${seckill.sale_num} / ${seckill.stock}` },
          { title: "支付订单", dataIndex: "order_count", width: 90, align: "right" },
          { title: "成交金额", dataIndex: "order_money", width: 110, align: "right", render: (money: string) => `¥${money}` },
          { title: "状态", dataIndex: "phase_name", width: 90, render: (name: string, seckill) => <Tag color={PHASE_COLORS[seckill.phase]}>{name}</Tag> },
          {
            title: "操作",
            key: "actions",
            width: 130,
            fixed: "right",
            render: (_, seckill) =>
              seckill.phase === "closed" || seckill.phase === "ended" ? (
                <Typography.Text type="secondary">—</Typography.Text>
              ) : (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setEditing(seckill)}>
                    编辑
                  </Button>
                  <Popconfirm title={`关闭「${seckill.seckill_name}」？`} description="关闭后立即停止秒杀，未售出的活动库存不再占用" onConfirm={() => close(seckill)}>
                    <Button type="link" size="small" danger>
                      关闭
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      <SeckillDrawer
        open={editing !== null}
        seckill={editing && editing !== "new" ? editing : null}
        slots={slots}
        onClose={() => setEditing(null)}
        onSaved={() => {
          void load();
          void loadSlots();
        }}
      />
    </ConsolePage>
  );
}
