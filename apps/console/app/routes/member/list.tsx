import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { App, Avatar, Button, DatePicker, Form, Input, Popconfirm, Select, Space, Table, Tag } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import type { Page } from "@shop/contract/codes";
import type { MemberListQuery, StaffMemberLabel, StaffMemberRow } from "@shop/contract/domains/admin-member";
import type { StaffMemberLevel } from "@shop/contract/domains/member-level";
import ConsolePage from "../../components/ConsolePage.tsx";
import MemberLabelModal from "../../components/member/MemberLabelModal.tsx";
import { fullTime, pictureUrl } from "../../lib/format.ts";
import { tablePagination, useListQuery } from "../../lib/use-list-query.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";

export function meta() {
  return [{ title: "会员列表 - 商城管理后台" }];
}

interface FilterValues {
  search_text?: string;
  level_id?: number;
  label_id?: number;
  status?: number;
  reg?: [Dayjs | null, Dayjs | null] | null;
}

const SORTABLE = new Set(["reg_time", "last_login_time", "balance", "point", "growth"]);
const num = (value: string | undefined) => (value === undefined || value === "" ? undefined : Number(value));

/** 会员列表: filters, sorting and paging in the URL; select members to set their labels or disable them. */
export default function MemberListPage() {
  const call = useStaffCall();
  const { message } = App.useApp();
  const { query, setFilters, setPage, setSort } = useListQuery();
  const [data, setData] = useState<Page<StaffMemberRow>>({ list: [], count: 0, page_count: 0 });
  const [loading, setLoading] = useState(true);
  const [levels, setLevels] = useState<StaffMemberLevel[]>([]);
  const [labels, setLabels] = useState<StaffMemberLabel[]>([]);
  const [selected, setSelected] = useState<number[]>([]);
  const [labelling, setLabelling] = useState(false);
  const filters = query.filters;
  const filtersKey = JSON.stringify(filters);

  useEffect(() => {
    void call("/shopapi/memberlevel/lists", {}, { silent: true }).then((list) => list && setLevels(list));
    void call("/shopapi/memberlabel/lists", {}).then((list) => list && setLabels(list));
  }, [call]);

  const load = useCallback(async () => {
    setLoading(true);
    const current = JSON.parse(filtersKey) as Record<string, string>;
    const page = await call("/shopapi/member/memberlist", {
      page: query.page,
      page_size: query.pageSize,
      search_text: current.search_text ?? "",
      level_id: num(current.level_id),
      label_id: num(current.label_id),
      status: num(current.status) as 0 | 1 | undefined,
      start_time: num(current.start_time),
      end_time: num(current.end_time),
      order_field: (SORTABLE.has(query.sort) ? query.sort : "reg_time") as MemberListQuery["order_field"],
      order_dir: query.order || "desc",
    });
    setLoading(false);
    if (page) setData(page);
  }, [call, query.page, query.pageSize, query.sort, query.order, filtersKey]);
  useEffect(() => {
    void load();
  }, [load]);

  const search = (values: FilterValues) => {
    const [from, to] = values.reg ?? [null, null];
    setFilters({
      search_text: (values.search_text ?? "").trim(),
      level_id: values.level_id === undefined ? "" : String(values.level_id),
      label_id: values.label_id === undefined ? "" : String(values.label_id),
      status: values.status === undefined ? "" : String(values.status),
      start_time: from ? String(from.startOf("day").unix()) : "",
      end_time: to ? String(to.endOf("day").unix()) : "",
    });
  };

  const setStatus = async (memberIds: number[], status: 0 | 1) => {
    const done = await call("/shopapi/member/modifystatus", { member_ids: memberIds, status });
    if (!done) return;
    void message.success(status === 0 ? `已禁用 ${memberIds.length} 位会员，其登录已失效` : `已启用 ${memberIds.length} 位会员`);
    setSelected([]);
    void load();
  };

  const initial: FilterValues = {
    search_text: filters.search_text,
    level_id: num(filters.level_id),
    label_id: num(filters.label_id),
    status: num(filters.status),
    reg: filters.start_time || filters.end_time ? [filters.start_time ? dayjs.unix(Number(filters.start_time)) : null, filters.end_time ? dayjs.unix(Number(filters.end_time)) : null] : null,
  };
  const filterForm = (
    <Form<FilterValues> layout="inline" key={filtersKey} initialValues={initial} onFinish={search} aria-label="筛选会员">
      <Form.Item name="search_text" label="会员">
        <Input placeholder="昵称 / 用户名 / 手机号" allowClear style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="level_id" label="等级">
        <Select allowClear placeholder="全部" style={{ width: 130 }} options={levels.map((level) => ({ label: level.level_name, value: level.level_id }))} />
      </Form.Item>
      <Form.Item name="label_id" label="标签">
        <Select allowClear placeholder="全部" style={{ width: 130 }} options={labels.map((label) => ({ label: label.label_name, value: label.label_id }))} />
      </Form.Item>
      <Form.Item name="status" label="状态">
        <Select allowClear placeholder="全部" style={{ width: 100 }} options={[{ label: "正常", value: 1 }, { label: "已禁用", value: 0 }]} />
      </Form.Item>
      <Form.Item name="reg" label="注册时间">
        <DatePicker.RangePicker allowEmpty={[true, true]} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button onClick={() => setFilters({ search_text: "", level_id: "", label_id: "", status: "", start_time: "", end_time: "" })}>重置</Button>
        </Space>
      </Form.Item>
    </Form>
  );

  const sortOrder = (key: string) => (query.sort === key ? (query.order === "asc" ? "ascend" : "descend") : null);
  const batch = (
    <Space>
      <span>已选 {selected.length} 位</span>
      <Button disabled={selected.length === 0} onClick={() => setLabelling(true)}>
        设置标签
      </Button>
      <Popconfirm title={`禁用选中的 ${selected.length} 位会员？`} description="禁用后其登录立即失效，且不能再登录" onConfirm={() => setStatus(selected, 0)} disabled={selected.length === 0}>
        <Button danger disabled={selected.length === 0}>
          禁用
        </Button>
      </Popconfirm>
      <Button disabled={selected.length === 0} onClick={() => void setStatus(selected, 1)}>
        启用
      </Button>
    </Space>
  );

  return (
    <ConsolePage title="会员列表" filters={filterForm} extra={batch}>
      <Table<StaffMemberRow>
        rowKey="member_id"
        loading={loading}
        dataSource={data.list}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        pagination={tablePagination(query, data.count, setPage)}
        locale={{ emptyText: Object.keys(filters).length ? "没有符合条件的会员" : "还没有会员" }}
        onChange={(_pagination, _filters, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const key = String(one?.columnKey ?? "");
          if (SORTABLE.has(key)) setSort(key, one?.order === "ascend" ? "asc" : one?.order === "descend" ? "desc" : "");
        }}
        scroll={{ x: 1380 }}
        columns={[
          {
            title: "会员",
            key: "member",
            width: 260,
            fixed: "left",
            render: (_, member) => (
              <Space>
                <Avatar src={member.headimg ? pictureUrl(member.headimg) : undefined}>{member.nickname.slice(0, 1)}</Avatar>
                <span>
                  <Link to={`/member/detail/${member.member_id}`}>{member.nickname || member.username}</Link>
                  <br />
                  <small>{member.username || "—"} · {member.mobile || "未绑定手机"}</small>
                </span>
              </Space>
            ),
          },
          { title: "等级", dataIndex: "member_level_name", width: 100 },
          { title: "状态", dataIndex: "status", width: 80, render: (status: number) => (status === 1 ? <Tag color="green">正常</Tag> : <Tag color="red">已禁用</Tag>) },
          { title: "标签", key: "labels", width: 160, render: (_, member) => member.labels.map((label) => <Tag key={label.label_id}>{label.label_name}</Tag>) },
          { title: "余额（元）", dataIndex: "balance", key: "balance", width: 110, align: "right", sorter: true, sortOrder: sortOrder("balance") },
          { title: "积分", dataIndex: "point", key: "point", width: 90, align: "right", sorter: true, sortOrder: sortOrder("point") },
          { title: "成长值", dataIndex: "growth", key: "growth", width: 100, align: "right", sorter: true, sortOrder: sortOrder("growth") },
          { title: "注册时间", dataIndex: "reg_time", key: "reg_time", width: 170, sorter: true, sortOrder: sortOrder("reg_time"), render: (time: number) => fullTime(time) },
          { title: "最后登录", dataIndex: "last_login_time", key: "last_login_time", width: 170, sorter: true, sortOrder: sortOrder("last_login_time"), render: (time: number) => (time ? fullTime(time) : "—") },
          {
            title: "操作",
            key: "actions",
            width: 90,
            fixed: "right",
            render: (_, member) => <Link to={`/member/detail/${member.member_id}`}>详情</Link>,
          },
        ]}
      />
      <MemberLabelModal memberIds={selected} initial={[]} open={labelling} onClose={() => setLabelling(false)} onDone={() => void load()} />
    </ConsolePage>
  );
}
