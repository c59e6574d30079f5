import { useCallback, useEffect, useMemo, useState } from "react";
import { Link, useOutletContext } from "react-router";
import { Button, Image, Space, Table, Tabs, Tag, Typography } from "antd";
import type { SortOrder } from "antd/es/table/interface";
import type { OrderStatusCounts, Page, StaffOrderListItem, StaffProfile } from "@shop/contract";
import ConsolePage from "../../components/ConsolePage.tsx";
import ShipDrawer from "../../components/order/ShipDrawer.tsx";
import BatchShipModal from "../../components/order/BatchShipModal.tsx";
import ShipImportModal from "../../components/order/ShipImportModal.tsx";
import { ORDER_TYPE_OPTIONS, PAY_TYPE_OPTIONS, PROMOTION_OPTIONS, STATUS_COLORS, STATUS_TABS, isShippable } from "../../components/order/order-labels.ts";
import { shopDayBound } from "../../components/aftersale/shop-days.ts";
import ListFilters, { type FilterField } from "../../components/ListFilters.tsx";
import { fullTime, pictureUrl } from "../../lib/format.ts";
import { downloadFile } from "../../lib/download.ts";
import { tablePagination, useListQuery } from "../../lib/use-list-query.ts";
import { useStaffCall, useStaffErrorHandler } from "../../lib/use-staff-call.ts";

export function meta() {
  return [{ title: "订单列表 - 商城管理后台" }];
}

/** Table column → the list call's `order`. */
const SORTABLE: Record<string, "create_time" | "pay_time" | "order_money"> = { create_time: "create_time", pay_time: "pay_time", order_money: "order_money" };
const sortOrderOf = (column: string, sort: string, order: string): SortOrder => (SORTABLE[column] === sort ? (order === "asc" ? "ascend" : order === "desc" ? "descend" : null) : null);
/** The list's filters (the URL's), in the form shared with the refund queue. */
const FILTER_FIELDS: FilterField[] = [
  { kind: "text", name: "order_no", label: "订单号", width: 190, maxLength: 40 },
  { kind: "text", name: "member", label: "买家", width: 170, maxLength: 50, placeholder: "账号、昵称或手机号" },
  { kind: "text", name: "mobile", label: "收货人手机", width: 140, maxLength: 20 },
  { kind: "text", name: "order_name", label: "商品名称", width: 170, maxLength: 50 },
  { kind: "days", label: "下单时间" },
  { kind: "select", name: "order_type", label: "订单类型", width: 150, options: ORDER_TYPE_OPTIONS },
  { kind: "select", name: "promotion_type", label: "营销类型", width: 120, options: PROMOTION_OPTIONS },
  { kind: "select", name: "pay_type", label: "支付方式", width: 120, options: PAY_TYPE_OPTIONS },
];

/** 订单列表: status tabs with counts, every filter, sorting and paging in the URL; ship one or several (or from an Excel of tracking numbers), export. */
export default function OrderListPage() {
  const call = useStaffCall();
  const handle = useStaffErrorHandler();
  const staff = useOutletContext<StaffProfile>();
  const canShip = staff.permissions.includes("order.ship");
  const { query, setFilters, setPage, setSort } = useListQuery();
  const { filters } = query;
  const [data, setData] = useState<Page<StaffOrderListItem>>({ list: [], count: 0, page_count: 0 });
  const [counts, setCounts] = useState<OrderStatusCounts>({});
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<StaffOrderListItem[]>([]);
  const [shipping, setShipping] = useState<StaffOrderListItem | null>(null);
  const [batchOpen, setBatchOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState("");

  /** The URL's filters as the list, the counts and the exports take them. */
  const selection = useMemo(() => {
    const status = filters.order_status;
    return {
      order_status: status !== undefined && /^-?\d+$/.test(status) ? Number(status) : ("all" as const),
      order_type: Number(filters.order_type ?? 0) || 0,
      order_no: filters.order_no ?? "",
      member: filters.member ?? "",
      mobile: filters.mobile ?? "",
      order_name: filters.order_name ?? "",
      pay_type: filters.pay_type ?? "",
      promotion_type: (PROMOTION_OPTIONS.some((option) => option.value === filters.promotion_type) ? filters.promotion_type : "") as "" | "empty" | "seckill" | "groupbuy" | "bundling",
      start_time: shopDayBound(filters.start_date, "start"),
      end_time: shopDayBound(filters.end_date, "end"),
    };
  }, [filters]);

  const load = useCallback(async () => {
    setLoading(true);
    const [page, tabCounts] = await Promise.all([
      call("/shopapi/order/lists", {
        ...selection,
        page: query.page,
        page_size: query.pageSize,
        order: SORTABLE[query.sort] ?? "create_time",
        sort: query.order === "asc" ? "asc" : "desc",
      }),
      call("/shopapi/order/statuscount", selection),
    ]);
    setLoading(false);
    if (page) setData(page);
    if (tabCounts) setCounts(tabCounts);
    setSelected([]);
  }, [call, query, selection]);

  useEffect(() => {
    void load();
  }, [load]);

  const exportAs = async (path: "/shopapi/order/exportorder" | "/shopapi/order/exportordergoods") => {
    setExporting(path);
    await downloadFile(path, selection, path.endsWith("goods") ? "订单商品导出.xlsx" : "订单导出.xlsx").catch(handle);
    setExporting("");
  };

  const filterBar = <ListFilters fields={FILTER_FIELDS} filters={filters} onSearch={setFilters} />;

  const shippable = selected.filter(isShippable);
  return (
    <ConsolePage
      title="订单列表"
      extra={
        <Space>
          <Button onClick={() => void exportAs("/shopapi/order/exportorder")} loading={exporting === "/shopapi/order/exportorder"} title="按当前筛选导出，每个订单一行">
            导出订单
          </Button>
          <Button onClick={() => void exportAs("/shopapi/order/exportordergoods")} loading={exporting === "/shopapi/order/exportordergoods"} title="按当前筛选导出，每件商品一行">
            导出订单商品
          </Button>
        </Space>
      }
      filters={filterBar}
    >
      <Tabs
        activeKey={filters.order_status ?? ""}
        onChange={(key) => setFilters({ order_status: key })}
        items={STATUS_TABS.map((tab) => ({ key: tab.value, label: `${tab.label}${counts[tab.value || "all"] ? ` (${counts[tab.value || "all"]})` : ""}` }))}
      />
      {canShip && (
        <Space style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary">已选 {selected.length} 个订单</Typography.Text>
          <Button disabled={!shippable.length} onClick={() => setBatchOpen(true)} title="为选中的待发货订单逐个填写快递单号">
            批量发货{shippable.length ? `（${shippable.length}）` : ""}
          </Button>
          <Button onClick={() => setImportOpen(true)} title="下载待发货订单模板，填写物流单号后上传发货">
            批量发货(Excel)
          </Button>
        </Space>
      )}
      <Table<StaffOrderListItem>
        rowKey="order_id"
        loading={loading}
        dataSource={data.list}
        rowSelection={canShip ? { selectedRowKeys: selected.map((order) => order.order_id), onChange: (_keys, rows) => setSelected(rows) } : undefined}
        pagination={tablePagination(query, data.count, setPage)}
        onChange={(_pagination, _filters, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const column = String(one?.columnKey ?? "");
          if (one && SORTABLE[column]) setSort(SORTABLE[column], one.order === "ascend" ? "asc" : one.order === "descend" ? "desc" : "");
        }}
        // The columns' own widths (x: true squeezed the receiver's mobile and the times into broken lines at 1280 px).
        scroll={{ x: 1240 }}
        columns={[
          {
            title: "订单",
            key: "order",
            width: 300,
            render: (_, order) => (
              <Space>
                {order.order_goods[0] && <Image src={pictureUrl(order.order_goods[0].sku_image)} width={48} height={48} alt="" preview={false} />}
                <div>
                  <Link to={`/order/detail/${order.order_id}`}>{order.order_no}</Link>
                  <div>
                    <Typography.Text ellipsis style={{ maxWidth: 220 }} title={order.order_name}>
                      {order.order_name}
                    </Typography.Text>
                  </div>
                  <Space size={4}>
                    <Tag>{order.order_type_name}</Tag>
                    {order.promotion_type_name && <Tag color="magenta">{order.promotion_type_name}</Tag>}
                    <Typography.Text type="secondary">共 {order.goods_num} 件</Typography.Text>
                  </Space>
                </div>
              </Space>
            ),
          },
          {
            title: "买家",
            key: "buyer",
            width: 120,
            render: (_, order) => (
              <Space direction="vertical" size={0}>
                {order.member_nickname || order.member_username}
                {order.member_nickname && order.member_username && <Typography.Text type="secondary">{order.member_username}</Typography.Text>}
              </Space>
            ),
          },
          {
            title: "收货人",
            key: "receiver",
            width: 130,
            render: (_, order) => (
              <Space direction="vertical" size={0}>
                {order.name}
                <Typography.Text type="secondary" style={{ whiteSpace: "nowrap" }}>
                  {order.mobile}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: "实付(元)",
            key: "order_money",
            width: 110,
            sorter: true,
            sortOrder: sortOrderOf("order_money", query.sort, query.order),
            render: (_, order) => (
              <Space direction="vertical" size={0}>
                {order.pay_money}
                {order.delivery_money !== "0.00" && <Typography.Text type="secondary">含运费 {order.delivery_money}</Typography.Text>}
              </Space>
            ),
          },
          { title: "状态", key: "status", width: 90, render: (_, order) => <Tag color={STATUS_COLORS[order.order_status]}>{order.order_status_name}</Tag> },
          { title: "下单时间", key: "create_time", width: 160, sorter: true, sortOrder: sortOrderOf("create_time", query.sort, query.order), render: (_, order) => fullTime(order.create_time) },
          { title: "支付时间", key: "pay_time", width: 160, sorter: true, sortOrder: sortOrderOf("pay_time", query.sort, query.order), render: (_, order) => fullTime(order.pay_time) || "—" },
          {
            title: "操作",
            key: "actions",
            fixed: "right",
            width: 120,
            render: (_, order) => (
              <Space>
                <Link to={`/order/detail/${order.order_id}`}>详情</Link>
                {canShip && isShippable(order) && (
                  <Button type="link" size="small" onClick={() => setShipping(order)}>
                    发货
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <ShipDrawer order={shipping} onClose={() => setShipping(null)} onShipped={() => void load()} />
      <BatchShipModal orders={batchOpen ? shippable : []} open={batchOpen} onClose={() => setBatchOpen(false)} onDone={() => void load()} />
      {canShip && <ShipImportModal open={importOpen} onClose={() => setImportOpen(false)} onDone={() => void load()} />}
    </ConsolePage>
  );
}
