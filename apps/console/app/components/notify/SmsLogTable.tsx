import { useCallback, useEffect, useState } from "react";
import { Button, Form, Input, Select, Table, Tag, Tooltip } from "antd";
import type { Page } from "@shop/contract/codes";
import { NOTIFY_SMS_STATUS, SMS_LOG_MOBILE_PATTERN, type NotifySmsLogItem, type NotifySmsStatus } from "@shop/contract/domains/admin-notify";
import { fullTime } from "../../lib/format.ts";
import { tablePagination, type ListQuery } from "../../lib/use-list-query.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";

const STATUS_COLOR: Record<NotifySmsStatus, string> = { sending: "processing", sent: "success", failed: "error" };
const STATUS_OPTIONS = [{ value: "", label: "全部状态" }, ...Object.entries(NOTIFY_SMS_STATUS).map(([value, label]) => ({ value, label }))];

/**
 * The buyer messages sent (or failing and retried), newest first; status and mobile filters live in
 * the URL. A whole number finds that number's messages, part of one every number containing it.
 */
export default function SmsLogTable(props: {
  query: ListQuery;
  setFilters: (filters: Record<string, string | undefined>) => void;
  setPage: (page: number, pageSize?: number) => void;
}) {
  const { query, setFilters, setPage } = props;
  const call = useStaffCall();
  const [data, setData] = useState<Page<NotifySmsLogItem>>({ list: [], count: 0, page_count: 0 });
  const [loading, setLoading] = useState(true);
  const status = (query.filters.status ?? "") as "" | NotifySmsStatus;
  const mobile = query.filters.mobile ?? "";

  const load = useCallback(async () => {
    setLoading(true);
    const page = await call("/shopapi/message/smslog", { page: query.page, page_size: query.pageSize, status, mobile });
    setLoading(false);
    if (page) setData(page);
  }, [call, query.page, query.pageSize, status, mobile]);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <>
      <Form
        layout="inline"
        key={`${status}:${mobile}`}
        initialValues={{ status, mobile }}
        onFinish={(values: { status?: string; mobile?: string }) => setFilters({ status: values.status ?? "", mobile: (values.mobile ?? "").trim() })}
        style={{ marginBottom: 16 }}
      >
        <Form.Item name="status" label="状态">
          <Select options={STATUS_OPTIONS} style={{ width: 130 }} aria-label="发送状态" />
        </Form.Item>
        <Form.Item name="mobile" label="手机号" rules={[{ pattern: SMS_LOG_MOBILE_PATTERN, message: "手机号只能是数字（最多 11 位）" }]}>
          <Input placeholder="完整或部分号码" allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
        </Form.Item>
        <Form.Item>
          <Button onClick={() => void load()}>刷新</Button>
        </Form.Item>
      </Form>
      <Table<NotifySmsLogItem>
        rowKey="id"
        loading={loading}
        dataSource={data.list}
        pagination={tablePagination(query, data.count, setPage)}
        locale={{ emptyText: "还没有发送记录" }}
        columns={[
          { title: "消息", dataIndex: "title", width: 130 },
          { title: "手机号", dataIndex: "mobile", width: 130 },
          { title: "短信内容", dataIndex: "content" },
          {
            title: "状态",
            dataIndex: "status",
            width: 150,
            render: (value: NotifySmsStatus, row) => (
              <Tooltip title={row.error || undefined}>
                <span>
                  <Tag color={STATUS_COLOR[value]}>{row.status_name}</Tag>
                  {row.attempts > 1 && `第 ${row.attempts} 次`}
                </span>
              </Tooltip>
            ),
          },
          { title: "失败原因", dataIndex: "error", width: 180, ellipsis: true, render: (error: string) => error || "—" },
          { title: "时间", dataIndex: "create_time", width: 170, render: (time: number, row) => fullTime(row.send_time || time) },
        ]}
      />
    </>
  );
}
