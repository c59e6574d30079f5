import { useState } from "react";
import { Link } from "react-router";
import { Button, Form, Input, Popconfirm, Space, Table, Tabs, Tag, Typography } from "antd";
import { WITHDRAW_STATUS_NAMES, type StaffWithdrawRecord, type WithdrawStaffAction } from "@shop/contract/domains/withdraw";
import ConsolePage from "../../components/ConsolePage.tsx";
import ListFilters, { type FilterField } from "../../components/ListFilters.tsx";
import FormDialog from "../../components/aftersale/FormDialog.tsx";
import { fullTime } from "../../lib/format.ts";
import { tablePagination, useListQuery } from "../../lib/use-list-query.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import { NO_PAGE, useStaffQuery } from "../../lib/use-staff-query.ts";

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

const FILTER_FIELDS: FilterField[] = [{ kind: "text", name: "search", label: "搜索", placeholder: "提现单号 / 会员 / 手机号 / 姓名", width: 240, maxLength: 50 }];

/** 提现审核: withdrawals by status in the URL (?status=0 awaits review), agreed, refused, transferred or failed with confirmations. */
export default function WithdrawReviewPage() {
  const call = useStaffCall();
  const { query, setFilters, setPage } = useListQuery();
  const [acting, setActing] = useState<{ record: StaffWithdrawRecord; action: TextAction } | null>(null);
  const status = query.filters.status ?? "";
  const { data, loading, refreshAfter } = useStaffQuery(
    "/shopapi/memberwithdraw/lists",
    { page: query.page, page_size: query.pageSize, status: status === "" ? "all" : Number(status), search: query.filters.search ?? "", start_time: 0, end_time: 0 },
    NO_PAGE,
  );

  const agree = (record: StaffWithdrawRecord) => refreshAfter(call("/shopapi/memberwithdraw/agree", { id: record.id }), `已同意提现 ${record.withdraw_no}，请转账后标记已转账`);
  const submitText = ({ text }: { text: string }) => {
    if (!acting) return Promise.resolve(false);
    const setting = WITH_TEXT[acting.action];
    const body = { id: acting.record.id, [setting.field]: (text ?? "").trim() };
    return refreshAfter(call(`/shopapi/memberwithdraw/${acting.action}` as "/shopapi/memberwithdraw/transfer", body as never), setting.done);
  };
  const openText = (record: StaffWithdrawRecord, action: TextAction) => setActing({ record, action });

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

  const setting = acting ? WITH_TEXT[acting.action] : null;

  return (
    <ConsolePage title="提现审核" filters={<ListFilters fields={FILTER_FIELDS} filters={query.filters} onSearch={setFilters} />}>
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
      <FormDialog<{ text: string }>
        title={setting ? `${setting.title}（${acting?.record.withdraw_no}，¥${acting?.record.apply_money}）` : ""}
        open={acting !== null}
        okText="确定"
        danger={acting?.action !== "transfer"}
        onClose={() => setActing(null)}
        onSubmit={submitText}
      >
        <Form.Item name="text" label={setting?.label} rules={setting?.required ? [{ required: true, whitespace: true, message: `请填写${setting.label}` }, { max: 100, message: `${setting.label}不能超过 100 个字` }] : [{ max: 200, message: "备注不能超过 200 个字" }]}>
          <Input.TextArea rows={3} autoFocus />
        </Form.Item>
      </FormDialog>
    </ConsolePage>
  );
}
