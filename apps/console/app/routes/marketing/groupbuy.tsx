import { useState } from "react";
import { Button, Space, Table, Typography } from "antd";
import type { StaffGroupbuy } from "@shop/contract/domains/groupbuy";
import ConsolePage from "../../components/ConsolePage.tsx";
import PhaseFilters from "../../components/marketing/PhaseFilters.tsx";
import { phasedPromotionColumns } from "../../components/marketing/promotion-columns.tsx";
import GroupbuyDrawer from "../../components/marketing/GroupbuyDrawer.tsx";
import { phaseOf } from "../../components/marketing/phases.ts";
import { tablePagination, useListQuery } from "../../lib/use-list-query.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import { NO_PAGE, useStaffQuery } from "../../lib/use-staff-query.ts";

export function meta() {
  return [{ title: "拼团 - 商城管理后台" }];
}

/** 团购: group buys (status and name filters in the URL) with what they sold; add, edit, close. */
export default function GroupbuyPage() {
  const call = useStaffCall();
  const { query, setFilters, setPage } = useListQuery();
  const [editing, setEditing] = useState<StaffGroupbuy | "new" | null>(null);
  const keyword = query.filters.keyword ?? "";
  const status = phaseOf(query.filters.status);

  const { data, loading, reload, refreshAfter } = useStaffQuery("/shopapi/groupbuy/lists", { page: query.page, page_size: query.pageSize, keyword, status }, NO_PAGE);

  const close = (groupbuy: StaffGroupbuy) => refreshAfter(call("/shopapi/groupbuy/close", { groupbuy_id: groupbuy.groupbuy_id }), `已关闭「${groupbuy.groupbuy_name}」`);

  const filters = <PhaseFilters keyword={keyword} status={status} onSearch={setFilters} />;

  return (
    <ConsolePage title="拼团" extra={<Button type="primary" onClick={() => setEditing("new")}>添加团购活动</Button>} filters={filters}>
      <Table<StaffGroupbuy>
        rowKey="groupbuy_id"
        loading={loading}
        dataSource={data.list}
        pagination={tablePagination(query, data.count, setPage)}
        scroll={{ x: 1040 }}
        locale={{ emptyText: keyword || status !== "all" ? "没有匹配的团购活动" : "还没有团购活动" }}
        columns={[
          {
            title: "活动 / 商品",
            key: "name",
            width: 240,
            render: (_, groupbuy) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{groupbuy.groupbuy_name}</Typography.Text>
                <Typography.Text type="secondary">{groupbuy.goods_name}</Typography.Text>
              </Space>
            ),
          },
          { title: "团购价", key: "price", width: 130, align: "right", render: (_, groupbuy) => <>¥{groupbuy.groupbuy_price}<br /><Typography.Text type="secondary" delete>¥{groupbuy.price}</Typography.Text></> },
          { title: "起购", dataIndex: "buy_num", width: 60, align: "right", render: (num: number) => `${num} 件` },
          ...phasedPromotionColumns<StaffGroupbuy>({
            sales: [
              { title: "已售件数 / 支付订单", key: "sold", width: 110, align: "right", render: (_, groupbuy) => `${groupbuy.sell_num} / ${groupbuy.order_count}` },
            ],
            name: (groupbuy) => groupbuy.groupbuy_name,
            closeEffect: "关闭后立即停止团购，商品恢复原价",
            onEdit: setEditing,
            onClose: (row) => void close(row),
          }),
        ]}
      />
      <GroupbuyDrawer open={editing !== null} groupbuy={editing && editing !== "new" ? editing : null} onClose={() => setEditing(null)} onSaved={() => void reload()} />
    </ConsolePage>
  );
}
