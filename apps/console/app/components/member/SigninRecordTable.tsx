import { useCallback, useEffect, useState } from "react";
import { Button, DatePicker, Form, Input, Space, Table, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import type { Page } from "@shop/contract/codes";
import type { StaffSigninRecord } from "@shop/contract/domains/signin";
import { fullTime } from "../../lib/format.ts";
import { tablePagination, type ListQuery } from "../../lib/use-list-query.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** 签到记录 tab: every member's sign-ins, newest first; member search and month in the URL. */
export default function SigninRecordTable({ query, setFilters, setPage }: {
  query: ListQuery;
  setFilters: (filters: Record<string, string | undefined>) => void;
  setPage: (page: number, pageSize?: number) => void;
}) {
  const call = useStaffCall();
  const [data, setData] = useState<Page<StaffSigninRecord>>({ list: [], count: 0, page_count: 0 });
  const [loading, setLoading] = useState(true);
  const search = query.filters.search ?? "";
  const month = MONTH.test(query.filters.month ?? "") ? query.filters.month! : "";

  const load = useCallback(async () => {
    setLoading(true);
    const page = await call("/shopapi/membersignin/records", { page: query.page, page_size: query.pageSize, search, month: month || undefined });
    setLoading(false);
    if (page) setData(page);
  }, [call, query.page, query.pageSize, search, month]);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <>
      <div className="console-page__filters">
        <Form
          layout="inline"
          key={`${search}|${month}`}
          initialValues={{ search, month: month ? dayjs(`${month}-01`) : null }}
          onFinish={(values: { search?: string; month?: Dayjs | null }) => setFilters({ search: (values.search ?? "").trim(), month: values.month ? values.month.format("YYYY-MM") : "" })}
          aria-label="筛选签到记录"
        >
          <Form.Item name="search" label="会员">
            <Input placeholder="昵称 / 用户名 / 手机号" allowClear maxLength={50} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="month" label="月份">
            <DatePicker picker="month" placeholder="全部月份" />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
              <Button onClick={() => setFilters({ search: "", month: "" })}>重置</Button>
            </Space>
          </Form.Item>
        </Form>
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
