import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { App, Button, Form, Input, Modal, Popconfirm, Space, Table, Tabs, Tag, Typography } from "antd";
import type { Page } from "@shop/contract/codes";
import { WITHDRAW_STATUS_NAMES, type StaffWithdrawRecord, type WithdrawStaffAction } from "@shop/contract/domains/withdraw";
import ConsolePage from "../../components/ConsolePage.tsx";
import { fullTime } from "../../lib/format.ts";
import { tablePagination, useListQuery } from "../../lib/use-list-query.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";

export function meta() {
  return [{ title: "提现审核 - 商城管理后台" }];
}

const STATUS_TABS = [{ key: "", label: "全部" }, ...Object.entries(WITHDRAW_STATUS_NAMES).map(([key, label]) => ({ key, label }))];
const STATUS_COLOR: Record<number, string> = { 0: "orange", 1: "blue", 2: "green", [-1]: "default", [-2]: "red" };

/** Actions that need a text from staff: the reason given back to the member, or the transfer's note. */
const WITH_TEXT = {
  refuse: { title: "拒绝提现", label: "拒绝原因", required: true, field: "refuse_reason", done: "已拒绝，金额已退回会员余额" },
  fail: { title: "标记转账失败", label: "失败原因", required: true, field: "fail_reason", done: "已标记转账失败，金额已退回会员余额" },
  transfer: { title: "标记已转账", label: "转账备注（如银行流水号）", required: false, field: "certificate_remark", done: "已标记为已转账" },
} as const;
type TextAction = keyof typeof WITH_TEXT;

/** 提现审核: withdrawals by status in the URL (?status=0 awaits review), agreed, refused, transferred or failed with confirmations. */
export default function WithdrawReviewPage() {
  const call = useStaffCall();
  const { message } = App.useApp();
  const { query, setFilters, setPage } = useListQuery();
  const [data, setData] = useState<Page<StaffWithdrawRecord>>({ list: [], count: 0, page_count: 0 });
  const [loading, setLoading] = useState(true);
  const [acting, setActing] = useState<{ record: StaffWithdrawRecord; action: TextAction } | null>(null);
  const [form] = Form.useForm<{ text: string }>();
  const status = query.filters.status ?? "";
  const search = query.filters.search ?? "";

  const load = useCallback(async () => {
    setLoading(true);
    const page = await call("/shopapi/memberwithdraw/lists", { page: query.page, page_size: query.pageSize, status: status === "" ? "all" : Number(status), search, start_time: 0, end_time: 0 });
    setLoading(false);
    if (page) setData(page);
  }, [call, query.page, query.pageSize, status, search]);
  useEffect(() => {
    void load();
  }, [load]);

  const agree = async (record: StaffWithdrawRecord) => {
    if (await call("/shopapi/memberwithdraw/agree", { id: record.id })) {
      void message.success(`已同意提现 ${record.withdraw_no}，请转账后标记已转账`);
      void load();
    }
  };
  const submitText = async ({ text }: { text: string }) => {
    if (!acting) return;
    const setting = WITH_TEXT[acting.action];
    const body = { id: acting.record.id, [setting.field]: (text ?? "").trim() };
    if (await call(`/shopapi/memberwithdraw/${acting.action}` as "/shopapi/memberwithdraw/transfer", body as never)) {
      void message.success(setting.done);
      setActing(null);
      void load();
    }
  };
  const openText = (record: StaffWithdrawRecord, action: TextAction) => {
    form.resetFields();
    setActing({ record, action });
  };

  const actionButtons = (record: StaffWithdrawRecord) => {
    const has = (action: WithdrawStaffAction) => record.staff_actions.includes(action);
    return (
      <Space wrap>
        {has("agree") && (
          <Popconfirm title={`同意提现 ¥${record.apply_money}？`} description="同意后待转账：请把钱转给会员再标记已转账" onConfirm={() => agree(record)}>
            <Button type="link" size="small">同意</Button>
          </Popconfirm>
        )}
        {has("refuse") && <Button type="link" size="small" danger onClick={() => openText(record, "refuse")}>拒绝</Button>}
        {has("transfer") && <Button type="link" size="small" onClick={() => openText(record, "transfer")}>已转账</Button>}
        {has("fail") && <Button type="link" size="small" danger onClick={() => openText(record, "fail")}>转账失败</Button>}
      </Space>
    );
  };

  const filters = (
    <Form layout="inline" key={search} initialValues={{ search }} onFinish={(values: { search?: string }) => setFilters({ search: (values.search ?? "").trim() })}>
      <Form.Item name="search" label="搜索">
        <Input placeholder="提现单号 / 会员 / 手机号 / 姓名" allowClear style={{ width: 240 }} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit">查询</Button>
      </Form.Item>
    </Form>
  );
  const setting = acting ? WITH_TEXT[acting.action] : null;

  return (
    <ConsolePage title="提现审核" filters={filters}>
      <Tabs activeKey={status} onChange={(key) => setFilters({ status: key })} items={STATUS_TABS} />
      <Table<StaffWithdrawRecord>
        rowKey="id"
        loading={loading}
        dataSource={data.list}
        pagination={tablePagination(query, data.count, setPage)}
        locale={{ emptyText: status === "0" ? "没有待审核的提现" : "没有提现记录" }}
        scroll={{ x: 980 }}
        columns={[
          {
            title: "提现单号",
            key: "withdraw_no",
            width: 200,
            render: (_, record) => (
              <span>
                {record.withdraw_no}
                <br />
                <Typography.Text type="secondary">{fullTime(record.apply_time)}</Typography.Text>
              </span>
            ),
          },
          { title: "会员", key: "member", width: 110, render: (_, record) => <Link to={`/member/detail/${record.member_id}`}>{record.member_nickname || record.member_username}</Link> },
          {
            title: "收款账户",
            key: "account",
            width: 240,
            render: (_, record) => (
              <span>
                {record.transfer_type_name} {record.bank_name}
                <br />
                {record.realname} {record.account_number}
              </span>
            ),
          },
          {
            title: "提现金额",
            key: "money",
            width: 160,
            align: "right",
            render: (_, record) => (
              <span>
                ¥{record.apply_money}
                <br />
                <Typography.Text type="secondary">
                  手续费 ¥{record.service_money} · 到账 ¥{record.money}
                </Typography.Text>
              </span>
            ),
          },
          {
            title: "状态",
            dataIndex: "status",
            width: 120,
            render: (value: number, record) => (
              <span>
                <Tag color={STATUS_COLOR[value]}>{record.status_name}</Tag>
                {(record.refuse_reason || record.fail_reason) && <div><small>{record.refuse_reason || record.fail_reason}</small></div>}
              </span>
            ),
          },
          { title: "操作", key: "actions", width: 150, fixed: "right", render: (_, record) => actionButtons(record) },
        ]}
      />
      <Modal
        title={setting ? `${setting.title}（${acting?.record.withdraw_no}，¥${acting?.record.apply_money}）` : ""}
        open={acting !== null}
        onCancel={() => setActing(null)}
        onOk={() => form.submit()}
        okText="确定"
        okButtonProps={{ danger: acting?.action !== "transfer" }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(values) => void submitText(values)} aria-label={setting?.title}>
          <Form.Item name="text" label={setting?.label} rules={setting?.required ? [{ required: true, whitespace: true, message: `请填写${setting.label}` }, { max: 100, message: `${setting.label}不能超过 100 个字` }] : [{ max: 200, message: "备注不能超过 200 个字" }]}>
            <Input.TextArea rows={3} autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </ConsolePage>
  );
}
