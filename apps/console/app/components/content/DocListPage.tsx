import { useCallback, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { App, Button, Form, Input, InputNumber, Popconfirm, Select, Space, Table, Tag } from "antd";
import type { Page } from "@shop/contract/codes";
import type { StaffDocGroup, StaffDocListItem } from "@shop/contract/domains/admin-content-docs";
import ConsolePage from "../ConsolePage.tsx";
import { listTime } from "../../lib/format.ts";
import { tablePagination, useListQuery } from "../../lib/use-list-query.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import DocGroupsDrawer from "./DocGroupsDrawer.tsx";
import type { DocKindSpec } from "./doc-kinds.ts";
import { untypedCall } from "./staff-call-any.ts";

/** The group list of a kind (categories / classes), reloaded on demand; [] for notices. */
export function useDocGroups(spec: DocKindSpec) {
  const call = untypedCall(useStaffCall());
  const [groups, setGroups] = useState<StaffDocGroup[]>([]);
  const reload = useCallback(async () => {
    if (!spec.group) return;
    const list = await call<StaffDocGroup[]>(spec.group.list, {});
    if (list) setGroups(list);
  }, [call, spec.group]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { groups, reload };
}

/**
 * The list of articles, notices or help (one page for the three, `spec` says which): search, group
 * filter and paging in the URL; sort edited in place; delete after a confirmation; the groups in a
 * drawer.
 */
export default function DocListPage({ spec }: { spec: DocKindSpec }) {
  const call = untypedCall(useStaffCall());
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { query, setFilters, setPage } = useListQuery();
  const [data, setData] = useState<Page<StaffDocListItem>>({ list: [], count: 0, page_count: 0 });
  const [loading, setLoading] = useState(true);
  const [groupsOpen, setGroupsOpen] = useState(false);
  const { groups, reload: reloadGroups } = useDocGroups(spec);
  const searchText = query.filters.search_text ?? "";
  const groupId = query.filters.group ?? "";

  const load = useCallback(async () => {
    setLoading(true);
    const body: Record<string, unknown> = { page: query.page, page_size: query.pageSize, search_text: searchText };
    if (spec.group && groupId) body[spec.group.field] = Number(groupId);
    const page = await call<Page<StaffDocListItem>>(spec.calls.list, body);
    setLoading(false);
    if (page) setData(page);
  }, [call, spec, query.page, query.pageSize, searchText, groupId]);
  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (row: StaffDocListItem) => {
    if ((await call(spec.calls.remove, { [spec.idField]: row.id })) !== undefined) {
      void message.success(`已删除${spec.noun}「${row.title}」`);
      void load();
      void reloadGroups();
    }
  };
  const resort = async (row: StaffDocListItem, sort: number | null) => {
    if (sort === null || sort === row.sort) return;
    if ((await call(spec.calls.sort, { [spec.idField]: row.id, sort })) !== undefined) {
      void message.success("排序已保存");
      void load();
    }
  };

  const filters = (
    <Form
      layout="inline"
      key={`${searchText}|${groupId}`}
      initialValues={{ search_text: searchText, group: groupId ? Number(groupId) : undefined }}
      onFinish={(values: { search_text?: string; group?: number }) => setFilters({ search_text: (values.search_text ?? "").trim(), group: values.group ? String(values.group) : "" })}
    >
      <Form.Item name="search_text" label="标题">
        <Input placeholder={`搜索${spec.noun}标题`} allowClear style={{ width: 220 }} />
      </Form.Item>
      {spec.group && (
        <Form.Item name="group" label={spec.group.label}>
          <Select allowClear placeholder="全部" style={{ width: 180 }} options={groups.map((group) => ({ value: group.id, label: group.name }))} />
        </Form.Item>
      )}
      <Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
      </Form.Item>
    </Form>
  );

  const extra = (
    <Space>
      {spec.group && <Button onClick={() => setGroupsOpen(true)}>{spec.group.label}管理</Button>}
      <Button type="primary" onClick={() => void navigate(spec.editPath)}>
        添加{spec.noun}
      </Button>
    </Space>
  );

  return (
    <ConsolePage title={`${spec.noun}管理`} extra={extra} filters={filters}>
      <Table<StaffDocListItem>
        rowKey="id"
        loading={loading}
        dataSource={data.list}
        pagination={tablePagination(query, data.count, setPage)}
        locale={{ emptyText: searchText || groupId ? `没有匹配的${spec.noun}` : `还没有${spec.noun}` }}
        columns={[
          {
            title: "标题",
            dataIndex: "title",
            render: (title: string, row) => (
              <Space>
                <Link to={`${spec.editPath}/${row.id}`}>{title}</Link>
                {row.is_top === 1 && <Tag color="red">置顶</Tag>}
              </Space>
            ),
          },
          ...(spec.group ? [{ title: spec.group.label, dataIndex: "group_name", width: 160, render: (name: string) => name || <Tag>未分类</Tag> }] : []),
          ...(spec.kind === "article" ? [{ title: "阅读", dataIndex: "read_num", width: 80, align: "right" as const }] : []),
          { title: "发布时间", dataIndex: "create_time", width: 120, render: (time: number) => listTime(time) },
          {
            title: "排序",
            dataIndex: "sort",
            width: 110,
            render: (sort: number, row) => (
              <InputNumber
                size="small"
                min={0}
                max={9999}
                precision={0}
                defaultValue={sort}
                key={`${row.id}:${sort}`}
                aria-label={`${row.title} 的排序`}
                onBlur={(event) => void resort(row, event.target.value === "" ? null : Number(event.target.value))}
                onPressEnter={(event) => (event.target as HTMLInputElement).blur()}
                style={{ width: 80 }}
              />
            ),
          },
          {
            title: "操作",
            key: "actions",
            width: 190,
            render: (_, row) => (
              <Space>
                <Link to={`${spec.editPath}/${row.id}`}>编辑</Link>
                <a href={spec.storefrontUrl(row.id)} target="_blank" rel="noreferrer">
                  查看
                </a>
                <Popconfirm title={`删除${spec.noun}「${row.title}」？`} description="删除后不可恢复" onConfirm={() => remove(row)}>
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {spec.group && (
        <DocGroupsDrawer open={groupsOpen} onClose={() => setGroupsOpen(false)} group={spec.group} groups={groups} onChanged={() => void reloadGroups().then(load)} />
      )}
    </ConsolePage>
  );
}
