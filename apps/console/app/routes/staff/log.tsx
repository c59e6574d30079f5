import { Table, Typography } from "antd";
import type { AdminStaffLog } from "@shop/contract";
import ConsolePage from "../../components/ConsolePage.tsx";
import ListFilters, { type FilterField } from "../../components/ListFilters.tsx";
import { shopDayBound } from "../../components/aftersale/shop-days.ts";
import { fullTime } from "../../lib/format.ts";
import { tablePagination, useListQuery } from "../../lib/use-list-query.ts";
import { NO_PAGE, useStaffQuery } from "../../lib/use-staff-query.ts";

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

const TEXT_FIELDS: FilterField[] = [
  { kind: "text", name: "action", label: "操作", placeholder: "如 user.adduser", width: 170, maxLength: 64 },
  { kind: "text", name: "target_type", label: "对象类型", placeholder: "如 staff、order", width: 140, maxLength: 32 },
  { kind: "text", name: "target_id", label: "对象编号", width: 110, maxLength: 20 },
  { kind: "days", label: "时间" },
];

/** 操作日志: what staff did, newest first; who, action, record and days in the URL. */
export default function LogPage() {
  const { query, setFilters, setPage } = useListQuery();
  const { filters } = query;
  const { data: staff } = useStaffQuery("/shopapi/user/user", { page: 1, page_size: 100, search_text: "" }, NO_PAGE);
  const { data, loading } = useStaffQuery(
    "/shopapi/user/userlog",
    {
      page: query.page,
      page_size: query.pageSize,
      ...(filters.uid ? { uid: Number(filters.uid) } : {}),
      action: filters.action ?? "",
      target_type: filters.target_type ?? "",
      target_id: filters.target_id ?? "",
      start_time: shopDayBound(filters.start_date, "start"),
      end_time: shopDayBound(filters.end_date, "end"),
    },
    NO_PAGE,
  );
  const staffField: FilterField = {
    kind: "select",
    name: "uid",
    label: "员工",
    placeholder: "全部员工",
    searchable: true,
    width: 160,
    options: staff.list.map((person) => ({ value: String(person.uid), label: person.nickname && person.nickname !== person.username ? `${person.username}（${person.nickname}）` : person.username })),
  };

  return (
    <ConsolePage title="操作日志" filters={<ListFilters fields={[staffField, ...TEXT_FIELDS]} filters={filters} onSearch={setFilters} />}>
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
