import { useState } from "react";
import { Button, Space, Table, Typography } from "antd";
import type { StaffBundling } from "@shop/contract/domains/bundling";
import ConsolePage from "../../components/ConsolePage.tsx";
import PhaseFilters from "../../components/marketing/PhaseFilters.tsx";
import { phasedPromotionColumns } from "../../components/marketing/promotion-columns.tsx";
import BundlingDrawer from "../../components/marketing/BundlingDrawer.tsx";
import { phaseOf } from "../../components/marketing/phases.ts";
import { tablePagination, useListQuery } from "../../lib/use-list-query.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import { NO_PAGE, useStaffQuery } from "../../lib/use-staff-query.ts";

export function meta() {
  return [{ title: "组合套餐 - 商城管理后台" }];
}

/** 组合套餐: combos (status and name filters in the URL) with what they sold; add, edit, close. */
export default function BundlingPage() {
  const call = useStaffCall();
  const { query, setFilters, setPage } = useListQuery();
  const [editing, setEditing] = useState<StaffBundling | "new" | null>(null);
  const keyword = query.filters.keyword ?? "";
  const status = phaseOf(query.filters.status);

  const { data, loading, reload, refreshAfter } = useStaffQuery("/shopapi/bundling/lists", { page: query.page, page_size: query.pageSize, keyword, status }, NO_PAGE);

  const close = (bundling: StaffBundling) => refreshAfter(call("/shopapi/bundling/close", { bl_id: bundling.bl_id }), `已关闭「${bundling.bl_name}」`);

  const filters = <PhaseFilters keyword={keyword} status={status} onSearch={setFilters} />;

  return (
    <ConsolePage title="组合套餐" extra={<Button type="primary" onClick={() => setEditing("new")}>添加组合套餐</Button>} filters={filters}>
      <Table<StaffBundling>
        rowKey="bl_id"
        loading={loading}
        dataSource={data.list}
        pagination={tablePagination(query, data.count, setPage)}
        scroll={{ x: 1150 }}
        locale={{ emptyText: keyword || status !== "all" ? "没有匹配的组合套餐" : "还没有组合套餐" }}
        columns={[
          {
            title: "套餐 / 商品",
            key: "name",
            render: (_, bundling) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{bundling.bl_name}</Typography.Text>
                <Typography.Text type="secondary">{bundling.bundling_goods.map((goods) => `${goods.goods_name}${goods.num > 1 ? ` ×${goods.num}` : ""}`).join(" + ")}</Typography.Text>
              </Space>
            ),
          },
          {
            title: "套餐价",
            key: "price",
            width: 130,
            align: "right",
            render: (_, bundling) => <>¥{bundling.bl_price}<br /><Typography.Text type="secondary" delete>¥{bundling.goods_money}</Typography.Text></>,
          },
          ...phasedPromotionColumns<StaffBundling>({
            sales: [
              { title: "已售套数", dataIndex: "sell_num", width: 90, align: "right" },
              { title: "支付订单", dataIndex: "order_count", width: 90, align: "right" },
            ],
            name: (bundling) => bundling.bl_name,
            closeEffect: "关闭后立即停止售卖，商品页不再显示该套餐",
            onEdit: setEditing,
            onClose: (row) => void close(row),
          }),
        ]}
      />
      <BundlingDrawer open={editing !== null} bundling={editing && editing !== "new" ? editing : null} onClose={() => setEditing(null)} onSaved={() => void reload()} />
    </ConsolePage>
  );
}
