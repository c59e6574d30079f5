import { useCallback, useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { Radio, Table, Typography } from "antd";
import type { SortOrder } from "antd/es/table/interface";
import type { Page } from "@shop/contract/codes";
import type { StaffRefundListItem } from "@shop/contract";
import ConsolePage from "../../components/ConsolePage.tsx";
import GoodsCell from "../../components/aftersale/GoodsCell.tsx";
import OrderNoLink from "../../components/order/OrderNoLink.tsx";
import { REFUND_STATUS_OPTIONS, REFUND_TYPE_OPTIONS, RefundStatusTag } from "../../components/aftersale/refund-status.tsx";
import { shopDayBound } from "../../components/aftersale/shop-days.ts";
import ListFilters, { type FilterField } from "../../components/ListFilters.tsx";
import { fullTime } from "../../lib/format.ts";
import { tablePagination, useListQuery } from "../../lib/use-list-query.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";

export function meta() {
  return [{ title: "退款维权 - 商城管理后台" }];
}

/** Table column → the list call's `order`. */
const SORTABLE: Record<string, "refund_action_time" | "refund_apply_money"> = { refund_action_time: "refund_action_time", refund_apply_money: "refund_apply_money" };
const STAFF_ACTION_TEXT = { agree: "同意", refuse: "拒绝", receive: "确认收货", transfer: "退款" } as const;

/** The queue's filters (the URL's), in the form shared with the order list. */
const FILTER_FIELDS: FilterField[] = [
  { kind: "select", name: "refund_status", label: "退款状态", width: 140, options: REFUND_STATUS_OPTIONS },
  { kind: "select", name: "refund_type", label: "退款方式", width: 120, options: REFUND_TYPE_OPTIONS },
  { kind: "days", label: "申请时间" },
  { kind: "text", name: "order_no", label: "订单号", width: 180, maxLength: 40 },
  { kind: "text", name: "member", label: "买家", width: 180, maxLength: 50, placeholder: "账号、昵称或手机号" },
  { kind: "text", name: "sku_name", label: "商品名称", width: 180, maxLength: 50 },
];

/**
 * 退款维权: every order line with a refund (its latest one). Filters, sorting and paging live in the
 * URL; ?todo=1 (待处理, the dashboard's link) keeps what waits for the shop.
 */
export default function RefundListPage() {
  const call = useStaffCall();
  const { query, setFilters, setPage, setSort } = useListQuery();
  const [data, setData] = useState<Page<StaffRefundListItem>>({ list: [], count: 0, page_count: 0 });
  const [loading, setLoading] = useState(true);
  const { filters } = query;
  const todo = filters.todo === "1";

  const body = useMemo(
    () => ({
      page: query.page,
      page_size: query.pageSize,
      todo: todo ? 1 : 0,
      refund_status: filters.refund_status ? Number(filters.refund_status) : ("all" as const),
      refund_type: Number(filters.refund_type ?? 0),
      order_no: filters.order_no ?? "",
      member: filters.member ?? "",
      sku_name: filters.sku_name ?? "",
      start_time: shopDayBound(filters.start_date, "start"),
      end_time: shopDayBound(filters.end_date, "end"),
      order: SORTABLE[query.sort] ?? ("" as const),
      sort: query.order === "asc" ? ("asc" as const) : ("desc" as const),
    }),
    [query, filters, todo],
  );
  const load = useCallback(async () => {
    setLoading(true);
    const page = await call("/shopapi/orderrefund/lists", body);
    setLoading(false);
    if (page) setData(page);
  }, [call, body]);
  useEffect(() => {
    void load();
  }, [load]);

  const sortOrderOf = (column: string): SortOrder => (query.sort === column ? (query.order === "asc" ? "ascend" : "descend") : null);
  const filterForm = (
    <>
      <Radio.Group
        optionType="button"
        value={todo ? "1" : ""}
        onChange={(event) => setFilters({ todo: event.target.value as string })}
        options={[{ value: "", label: "全部" }, { value: "1", label: "待处理" }]}
        style={{ marginBottom: 12 }}
        aria-label="待处理筛选"
      />
      <ListFilters fields={FILTER_FIELDS} filters={filters} onSearch={setFilters} />
    </>
  );

  return (
    <ConsolePage title="退款维权" filters={filterForm}>
      <Table<StaffRefundListItem>
        rowKey="order_goods_id"
        loading={loading}
        dataSource={data.list}
        pagination={tablePagination(query, data.count, setPage)}
        locale={{ emptyText: todo ? "没有待处理的退款" : "没有符合条件的退款" }}
        onChange={(_pagination, _filters, sorter, extra) => {
          // Paging has its own handler (tablePagination); only a sort click changes the sort.
          if (extra.action !== "sort") return;
          const single = Array.isArray(sorter) ? sorter[0] : sorter;
          const column = String(single?.field ?? "");
          setSort(column, single?.order === "ascend" ? "asc" : single?.order === "descend" ? "desc" : "");
        }}
        columns={[
          {
            title: "商品",
            key: "goods",
            render: (_, item) => (
              <GoodsCell
                image={item.sku_image}
                name={item.sku_name}
                spec={item.spec_name}
                extra={<Typography.Text type="secondary">订单号 <OrderNoLink orderId={item.order_id} orderNo={item.order_no} /></Typography.Text>}
              />
            ),
          },
          { title: "买家", key: "member", width: 140, render: (_, item) => item.member_nickname || item.member_username || `会员 ${item.member_id}` },
          { title: "退款方式", dataIndex: "refund_type_name", width: 100 },
          { title: "申请金额", dataIndex: "refund_apply_money", width: 110, align: "right", sorter: true, sortOrder: sortOrderOf("refund_apply_money"), render: (money: string) => `¥${money}` },
          { title: "申请时间", dataIndex: "refund_action_time", width: 160, sorter: true, sortOrder: sortOrderOf("refund_action_time"), render: (time: number) => fullTime(time) },
          { title: "状态", dataIndex: "refund_status", width: 120, render: (status: number, item) => <RefundStatusTag status={status} name={item.refund_status_name} /> },
          {
            title: "操作",
            key: "actions",
            width: 110,
            render: (_, item) => (
              <Link to={`/aftersale/refund/${item.order_goods_id}`} aria-label={`处理 ${item.refund_no}`}>
                {item.staff_actions.length ? item.staff_actions.map((action) => STAFF_ACTION_TEXT[action]).join("/") : "查看"}
              </Link>
            ),
          },
        ]}
      />
    </ConsolePage>
  );
}
