import { useSearchParams } from "react-router";
import { Button, Radio, Table, Tag } from "antd";
import type { StaffComplainListItem } from "@shop/contract";
import ConsolePage from "../../components/ConsolePage.tsx";
import ComplainDrawer from "../../components/aftersale/ComplainDrawer.tsx";
import GoodsCell from "../../components/aftersale/GoodsCell.tsx";
import { fullTime } from "../../lib/format.ts";
import { tablePagination, useListQuery } from "../../lib/use-list-query.ts";
import { NO_PAGE, useStaffQuery } from "../../lib/use-staff-query.ts";

export function meta() {
  return [{ title: "交易投诉 - 商城管理后台" }];
}

const STATUS_COLORS: Record<number, string> = { 1: "orange", 2: "green", [-1]: "default" };

/** 交易投诉: buyers' complaints about refused refunds; ?complain_status filters, ?complain_id opens one to handle. */
export default function ComplainPage() {
  const { query, setFilters, setPage } = useListQuery();
  const status = query.filters.complain_status ?? "";
  const openId = Number(query.filters.complain_id ?? 0) || null;
  const { data, loading, reload } = useStaffQuery(
    "/shopapi/ordercomplain/lists",
    { page: query.page, page_size: query.pageSize, complain_status: status === "" ? "all" : Number(status) },
    NO_PAGE,
  );
  // The open complaint is in the URL too (the refund detail links it), without leaving the page of the list.
  const [params, setParams] = useSearchParams();
  const open = (complainId: number | null) => {
    const next = new URLSearchParams(params);
    if (complainId) next.set("complain_id", String(complainId));
    else next.delete("complain_id");
    setParams(next);
  };
  const close = () => open(null);

  const filters = (
    <Radio.Group
      optionType="button"
      value={status}
      onChange={(event) => setFilters({ complain_status: event.target.value as string, complain_id: "" })}
      options={[{ value: "", label: "全部" }, { value: "1", label: "待处理" }, { value: "2", label: "已处理" }, { value: "-1", label: "已撤销" }]}
      aria-label="投诉状态"
    />
  );

  return (
    <ConsolePage title="交易投诉" filters={filters}>
      <Table<StaffComplainListItem>
        rowKey="complain_id"
        loading={loading}
        dataSource={data.list}
        pagination={tablePagination(query, data.count, setPage)}
        locale={{ emptyText: status === "1" ? "没有待处理的投诉" : "还没有投诉" }}
        columns={[
          { title: "商品", key: "goods", render: (_, item) => <GoodsCell image={item.sku_image} name={item.sku_name} spec={item.spec_name} extra={<span style={{ color: "#888" }}>订单号 {item.order_no}</span>} /> },
          { title: "买家", key: "member", width: 140, render: (_, item) => item.member_nickname || item.member_username || `会员 ${item.member_id}` },
          { title: "投诉原因", dataIndex: "complain_reason", width: 180 },
          { title: "投诉时间", dataIndex: "create_time", width: 160, render: (time: number) => fullTime(time) },
          { title: "状态", dataIndex: "complain_status", width: 110, render: (value: number, item) => <Tag color={STATUS_COLORS[value]}>{item.complain_status_name}</Tag> },
          {
            title: "操作",
            key: "actions",
            width: 90,
            render: (_, item) => (
              <Button type="link" size="small" onClick={() => open(item.complain_id)}>
                {item.complain_status === 1 ? "处理" : "查看"}
              </Button>
            ),
          },
        ]}
      />
      <ComplainDrawer
        complainId={openId}
        onClose={close}
        onHandled={() => {
          close();
          void reload();
        }}
      />
    </ConsolePage>
  );
}
