import { useState } from "react";
import { Link } from "react-router";
import { Button, Popconfirm, Space, Table, Tag, Typography } from "antd";
import type { StaffCouponType } from "@shop/contract";
import ConsolePage from "../../components/ConsolePage.tsx";
import ListFilters, { type FilterField } from "../../components/ListFilters.tsx";
import SendCouponModal from "../../components/marketing/SendCouponModal.tsx";
import RegisterPackCard from "../../components/marketing/RegisterPackCard.tsx";
import { COUPON_STATUS_COLORS, couponRuleText, couponValidityText } from "../../components/marketing/coupon-text.ts";
import { tablePagination, useListQuery } from "../../lib/use-list-query.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import { NO_PAGE, useStaffQuery } from "../../lib/use-staff-query.ts";

export function meta() {
  return [{ title: "优惠券 - 商城管理后台" }];
}

const FILTER_FIELDS: FilterField[] = [
  { kind: "text", name: "keyword", label: "优惠券名称", placeholder: "搜索名称", width: 200, maxLength: 30 },
  { kind: "select", name: "status", label: "状态", width: 120, options: [{ value: "running", label: "进行中" }, { value: "closed", label: "已关闭" }] },
];

const statusOf = (value: string | undefined) => (value === "running" || value === "closed" ? value : "all");

/** Coupon types: status and name filters in the URL, usage figures, 发放 to chosen members, close; the registration pack below. */
export default function CouponListPage() {
  const call = useStaffCall();
  const { query, setFilters, setPage } = useListQuery();
  const [sending, setSending] = useState<StaffCouponType | null>(null);
  const [version, setVersion] = useState(0);
  const keyword = query.filters.keyword ?? "";
  const status = statusOf(query.filters.status);
  const { data, loading, reload, refreshAfter } = useStaffQuery("/shopapi/coupon/lists", { page: query.page, page_size: query.pageSize, keyword, status }, NO_PAGE);

  const close = async (type: StaffCouponType) => {
    // the registration pack below may hold the closed coupon
    if (await refreshAfter(call("/shopapi/coupon/close", { coupon_type_id: type.coupon_type_id }), `已关闭「${type.coupon_name}」`)) setVersion((value) => value + 1);
  };

  const filters = <ListFilters fields={FILTER_FIELDS} filters={query.filters} onSearch={setFilters} />;

  return (
    <ConsolePage
      title="优惠券"
      extra={
        <Link to="/marketing/coupon/edit">
          <Button type="primary">添加优惠券</Button>
        </Link>
      }
      filters={filters}
    >
      <Table<StaffCouponType>
        rowKey="coupon_type_id"
        loading={loading}
        dataSource={data.list}
        pagination={tablePagination(query, data.count, setPage)}
        scroll={{ x: 1100 }}
        locale={{ emptyText: keyword || status !== "all" ? "没有匹配的优惠券" : "还没有优惠券" }}
        columns={[
          {
            title: "优惠券",
            dataIndex: "coupon_name",
            render: (name: string, type) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{name}</Typography.Text>
                <Typography.Text type="secondary">
                  {type.type_name} · {couponRuleText(type)} · {type.goods_type_name}
                  {type.is_show ? "" : " · 不在领券中心展示"}
                </Typography.Text>
              </Space>
            ),
          },
          { title: "有效期", key: "validity", width: 200, render: (_, type) => couponValidityText(type) },
          {
            title: "已发放 / 总量",
            key: "issued",
            width: 120,
            align: "right",
            render: (_, type) => `${type.lead_count} / ${type.count > 0 ? type.count : "不限"}`,
          },
          { title: "已使用", dataIndex: "used_count", width: 80, align: "right" },
          { title: "已过期", dataIndex: "expired_count", width: 80, align: "right" },
          {
            title: "用券订单金额",
            dataIndex: "used_order_money",
            width: 130,
            align: "right",
            render: (money: string, type) => (
              <span title={`优惠了 ¥${type.used_coupon_money}`}>¥{money}</span>
            ),
          },
          { title: "状态", dataIndex: "status_name", width: 90, render: (name: string) => <Tag color={COUPON_STATUS_COLORS[name]}>{name}</Tag> },
          {
            title: "操作",
            key: "actions",
            width: 170,
            fixed: "right",
            render: (_, type) =>
              type.status === 1 ? (
                <Space size={0}>
                  <Link to={`/marketing/coupon/edit/${type.coupon_type_id}`}>
                    <Button type="link" size="small">
                      编辑
                    </Button>
                  </Link>
                  {type.status_name === "进行中" && (
                    <Button type="link" size="small" onClick={() => setSending(type)}>
                      发放
                    </Button>
                  )}
                  <Popconfirm title={`关闭「${type.coupon_name}」？`} description="关闭后不再发放和领取，已领取的在有效期内仍可使用" onConfirm={() => close(type)}>
                    <Button type="link" size="small" danger>
                      关闭
                    </Button>
                  </Popconfirm>
                </Space>
              ) : (
                <Typography.Text type="secondary">—</Typography.Text>
              ),
          },
        ]}
      />
      <SendCouponModal
        type={sending}
        onClose={() => setSending(null)}
        onSent={() => {
          setVersion((value) => value + 1);
          void reload();
        }}
      />
      <RegisterPackCard version={version} />
    </ConsolePage>
  );
}
