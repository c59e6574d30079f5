import { useCallback, useEffect, useState } from "react";
import { Button, DatePicker, Form, Input, Select, Table, Typography } from "antd";
import type { Page } from "@shop/contract/codes";
import type { AdminStaffLog, AdminStaffUser } from "@shop/contract";
import ConsolePage from "../../components/ConsolePage.tsx";
import { dayRangeFilters, dayRangeValue, shopDayBound } from "../../components/aftersale/shop-days.ts";
import { fullTime } from "../../lib/format.ts";
import { tablePagination, useListQuery } from "../../lib/use-list-query.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";

export function meta() {
  return [{ title: "操作日志 - 商城管理后台" }];
}

/** Names of the staff module's own actions; other actions show as recorded ("goodsbrand.edit"). */
const ACTION_LABEL: Record<string, string> = {
  "user.adduser": "添加员工",
  "user.edituser": "编辑员工",
  "user.enableuser": "启用员工",
  "user.disableuser": "停用员工",
  "user.modifyuserpassword": "重置员工密码",
  "user.deleteuser": "删除员工",
  "user.modifypassword": "修改自己的密码",
  "user.addgroup": "添加角色",
  "user.editgroup": "编辑角色",
  "user.deletegroup": "删除角色",
};

/** A line's detail JSON as "key：value；…" (the raw text when it is not an object). */
function readableDetail(detail: string): string {
  try {
    const parsed: unknown = JSON.parse(detail);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return detail;
    const parts = Object.entries(parsed).map(([key, value]) => `${key}：${typeof value === "string" ? value : JSON.stringify(value)}`);
    return parts.length ? parts.join("；") : "—";
  } catch {
    return detail;
  }
}

const TEXT_FILTERS = ["action", "target_type", "target_id"] as const;

interface FilterValues {
  uid?: number;
  action?: string;
  target_type?: string;
  target_id?: string;
  range?: Parameters<typeof dayRangeFilters>[0];
}

/** 操作日志: what staff did, newest first; who, action, record and days in the URL. */
export default function LogPage() {
  const call = useStaffCall();
  const { query, setFilters, setPage } = useListQuery();
  const [data, setData] = useState<Page<AdminStaffLog>>({ list: [], count: 0, page_count: 0 });
  const [staff, setStaff] = useState<AdminStaffUser[]>([]);
  const [loading, setLoading] = useState(true);
  const { filters } = query;

  useEffect(() => {
    void call("/shopapi/user/user", { page: 1, page_size: 100, search_text: "" }).then((page) => page && setStaff(page.list));
  }, [call]);

  const load = useCallback(async () => {
    setLoading(true);
    const page = await call("/shopapi/user/userlog", {
      page: query.page,
      page_size: query.pageSize,
      ...(filters.uid ? { uid: Number(filters.uid) } : {}),
      action: filters.action ?? "",
      target_type: filters.target_type ?? "",
      target_id: filters.target_id ?? "",
      start_time: shopDayBound(filters.start_date, "start"),
      end_time: shopDayBound(filters.end_date, "end"),
    });
    setLoading(false);
    if (page) setData(page);
  }, [call, query.page, query.pageSize, filters.uid, filters.action, filters.target_type, filters.target_id, filters.start_date, filters.end_date]);
  useEffect(() => {
    void load();
  }, [load]);

  const initial: FilterValues = {
    uid: filters.uid ? Number(filters.uid) : undefined,
    ...Object.fromEntries(TEXT_FILTERS.map((key) => [key, filters[key] ?? ""])),
    range: dayRangeValue(filters.start_date, filters.end_date),
  };
  const filterForm = (
    <Form<FilterValues>
      layout="inline"
      key={JSON.stringify(filters)}
      initialValues={initial}
      onFinish={(values) =>
        setFilters({
          uid: values.uid ? String(values.uid) : "",
          ...Object.fromEntries(TEXT_FILTERS.map((key) => [key, (values[key] ?? "").trim()])),
          ...dayRangeFilters(values.range),
        })
      }
    >
      <Form.Item name="uid" label="员工">
        <Select
          allowClear
          showSearch={{ optionFilterProp: "label" }}
          placeholder="全部员工"
          aria-label="员工"
          style={{ width: 160 }}
          options={staff.map((person) => ({ value: person.uid, label: person.nickname && person.nickname !== person.username ? `${person.username}（${person.nickname}）` : person.username }))}
        />
      </Form.Item>
      <Form.Item name="action" label="操作">
        <Input placeholder="如 user.adduser" allowClear style={{ width: 170 }} />
      </Form.Item>
      <Form.Item name="target_type" label="对象类型">
        <Input placeholder="如 staff、order" allowClear style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="target_id" label="对象编号">
        <Input allowClear style={{ width: 110 }} />
      </Form.Item>
      <Form.Item name="range" label="时间">
        <DatePicker.RangePicker allowEmpty={[true, true]} placeholder={["开始日期", "结束日期"]} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
      </Form.Item>
    </Form>
  );

  return (
    <ConsolePage title="操作日志" filters={filterForm}>
      <Table<AdminStaffLog>
        rowKey="id"
        loading={loading}
        dataSource={data.list}
        pagination={tablePagination(query, data.count, setPage)}
        locale={{ emptyText: Object.keys(filters).length ? "没有匹配的操作记录" : "还没有操作记录" }}
        columns={[
          { title: "时间", dataIndex: "create_time", width: 170, render: (time: number) => fullTime(time) },
          { title: "员工", dataIndex: "username", width: 130 },
          {
            title: "操作",
            dataIndex: "action",
            width: 190,
            render: (action: string) => (ACTION_LABEL[action] ? <span title={action}>{ACTION_LABEL[action]}</span> : <Typography.Text code>{action}</Typography.Text>),
          },
          { title: "对象", key: "target", width: 150, render: (_, line) => `${line.target_type} #${line.target_id}` },
          {
            title: "详情",
            dataIndex: "detail",
            render: (detail: string) => (
              <Typography.Paragraph ellipsis={{ rows: 2, expandable: true, symbol: "展开" }} style={{ marginBottom: 0, fontFamily: "monospace", fontSize: 12 }}>
                {readableDetail(detail)}
              </Typography.Paragraph>
            ),
          },
          { title: "IP", dataIndex: "ip", width: 130 },
        ]}
      />
    </ConsolePage>
  );
}
