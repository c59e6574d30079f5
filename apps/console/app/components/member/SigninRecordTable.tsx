import { Space, Table, Typography } from "antd";
import type { StaffSigninRecord } from "@shop/contract/domains/signin";
import { fullTime } from "../../lib/format.ts";
import { tablePagination, type ListQuery } from "../../lib/use-list-query.ts";
import { NO_PAGE, useStaffQuery } from "../../lib/use-staff-query.ts";
import ListFilters, { monthFilter, type FilterField } from "../ListFilters.tsx";

const FILTERS: FilterField[] = [
  { kind: "text", name: "search", label: "会员", width: 220, maxLength: 50, placeholder: "昵称 / 用户名 / 手机号" },
  { kind: "month", name: "month", label: "月份" },
];

/** 签到记录 tab: every member's sign-ins, newest first; member search and month in the URL. */
export default function SigninRecordTable({ query, setFilters, setPage }: {
  query: ListQuery;
  setFilters: (filters: Record<string, string | undefined>) => void;
  setPage: (page: number, pageSize?: number) => void;
}) {
  const search = query.filters.search ?? "";
  const month = monthFilter(query.filters.month);
  const { data, loading } = useStaffQuery("/shopapi/membersignin/records", { page: query.page, page_size: query.pageSize, search, month: month || undefined }, NO_PAGE);

  return (
    <>
      <div className="console-page__filters">
        <ListFilters label="筛选签到记录" fields={FILTERS} filters={query.filters} onSearch={setFilters} />
      </div>
      <Table<StaffSigninRecord>
        rowKey="id"
        loading={loading}
        dataSource={data.list}
        pagination={tablePagination(query, data.count, setPage)}
        scroll={{ x: 900 }}
        locale={{ emptyText: search || month ? "没有匹配的签到记录" : "还没有会员签到" }}
        columns={[
          {
            title: "会员",
            key: "member",
            render: (_, record) => (
              <Space direction="vertical" size={0}>
                <span>{record.nickname || record.username}</span>
                <Typography.Text type="secondary">{record.username}</Typography.Text>
              </Space>
            ),
          },
          { title: "签到日期", dataIndex: "sign_date", width: 120 },
          { title: "连续天数", dataIndex: "streak", width: 90, align: "right" },
          { title: "周期第几天", dataIndex: "cycle_day", width: 120, align: "right" },
          { title: "获得积分", dataIndex: "point", width: 90, align: "right" },
          { title: "获得成长值", dataIndex: "growth", width: 120, align: "right" },
          { title: "获得优惠券", key: "coupons", width: 200, render: (_, record) => record.coupons.map((coupon) => coupon.coupon_name).join("、") || "—" },
          { title: "签到时间", dataIndex: "create_time", width: 150, render: (time: number) => fullTime(time) },
        ]}
      />
    </>
  );
}
