import { Space, Table, Tag, Typography } from "antd";
import { RECHARGE_ORDER_FILTERS, type RechargeOrderFilter, type StaffRechargeOrder } from "@shop/contract/domains/recharge";
import { fullTime } from "../../lib/format.ts";
import { tablePagination, type ListQuery } from "../../lib/use-list-query.ts";
import { NO_PAGE, useStaffQuery } from "../../lib/use-staff-query.ts";
import ListFilters, { type FilterField } from "../ListFilters.tsx";

const STATUS_COLORS: Record<number, string> = { 0: "orange", 1: "green", [-1]: "default" };
const FILTERS: FilterField[] = [
  { kind: "text", name: "search", label: "搜索", width: 260, maxLength: 50, placeholder: "订单号 / 会员用户名、昵称、手机号" },
  { kind: "select", name: "order_status", label: "状态", width: 120, options: [{ value: "0", label: "待支付" }, { value: "1", label: "已支付" }, { value: "-1", label: "已关闭" }] },
];
const filterOf = (value: string | undefined): RechargeOrderFilter => (RECHARGE_ORDER_FILTERS as readonly string[]).includes(value ?? "") ? (value as RechargeOrderFilter) : "all";

/** 充值记录 tab: every member's recharge orders; status and search (order number / member) in the URL. */
export default function RechargeOrderTable({ query, setFilters, setPage }: {
  query: ListQuery;
  setFilters: (filters: Record<string, string | undefined>) => void;
  setPage: (page: number, pageSize?: number) => void;
}) {
  const status = filterOf(query.filters.order_status);
  const search = query.filters.search ?? "";
  const { data, loading } = useStaffQuery("/shopapi/memberrecharge/orderlists", { page: query.page, page_size: query.pageSize, status, search }, NO_PAGE);

  return (
    <>
      <div className="console-page__filters">
        <ListFilters label="筛选充值记录" fields={FILTERS} filters={query.filters} onSearch={setFilters} />
      </div>
      <Table<StaffRechargeOrder>
        rowKey="order_id"
        loading={loading}
        dataSource={data.list}
        pagination={tablePagination(query, data.count, setPage)}
        scroll={{ x: 1040 }}
        locale={{ emptyText: search || status !== "all" ? "没有匹配的充值记录" : "还没有充值记录" }}
        columns={[
          { title: "订单号", dataIndex: "order_no", width: 230, render: (no: string) => <Typography.Text copyable>{no}</Typography.Text> },
          {
            title: "会员",
            key: "member",
            width: 150,
            render: (_, order) => (
              <Space direction="vertical" size={0}>
                <span>{order.nickname || order.username}</span>
                <Typography.Text type="secondary">{order.mobile || order.username}</Typography.Text>
              </Space>
            ),
          },
          { title: "套餐", dataIndex: "recharge_name", width: 140 },
          { title: "面值", dataIndex: "face_value", width: 90, align: "right", render: (money: string) => `¥${money}` },
          { title: "实付", dataIndex: "buy_price", width: 90, align: "right", render: (money: string) => `¥${money}` },
          { title: "支付方式", dataIndex: "pay_type_name", width: 90, render: (name: string) => name || "—" },
          { title: "状态", dataIndex: "status_name", width: 90, render: (name: string, order) => <Tag color={STATUS_COLORS[order.status]}>{name}</Tag> },
          { title: "下单 / 支付时间", key: "time", width: 160, render: (_, order) => <>{fullTime(order.create_time)}<br /><Typography.Text type="secondary">{order.pay_time ? fullTime(order.pay_time) : "未支付"}</Typography.Text></> },
        ]}
      />
    </>
  );
}
