import { useState } from "react";
import { App, Button, Form, Input, Popconfirm, Select, Space, Table, Tag } from "antd";
import { staffNewPassword, staffUsername, type AdminStaffUser } from "@shop/contract";
import ConsolePage from "../../components/ConsolePage.tsx";
import ListFilters, { type FilterField } from "../../components/ListFilters.tsx";
import RowActions from "../../components/RowActions.tsx";
import FormDrawer from "../../components/catalog/FormDrawer.tsx";
import { zodRule } from "../../components/settings/zod-rule.ts";
import { useStaffGroups } from "../../components/staff/use-groups.ts";
import { fullTime } from "../../lib/format.ts";
import { tablePagination, useListQuery } from "../../lib/use-list-query.ts";
import { useRecordDrawer } from "../../lib/use-record-drawer.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import { NO_PAGE, useStaffQuery } from "../../lib/use-staff-query.ts";
import { useSignedInStaff } from "../../lib/staff-session.ts";

export function meta() {
  return [{ title: "员工管理 - 商城管理后台" }];
}

interface UserValues {
  username: string;
  password: string;
  nickname: string;
  group_id: number;
}

const STATUS_OPTIONS = [
  { value: "1", label: "启用" },
  { value: "0", label: "停用" },
];

/** 员工管理: accounts with their roles; search, role and status in the URL. No one acts on their own account here. */
export default function UsersPage() {
  const call = useStaffCall();
  const { message } = App.useApp();
  const me = useSignedInStaff();
  const { query, setFilters, setPage } = useListQuery();
  const { groups } = useStaffGroups();
  const [resetting, setResetting] = useState<AdminStaffUser | null>(null);
  const { search_text: searchText = "", group_id: groupFilter = "", status: statusFilter = "" } = query.filters;
  const { data, loading, reload, refreshAfter } = useStaffQuery(
    "/shopapi/user/user",
    {
      page: query.page,
      page_size: query.pageSize,
      search_text: searchText,
      ...(groupFilter ? { group_id: Number(groupFilter) } : {}),
      ...(statusFilter ? { status: Number(statusFilter) } : {}),
    },
    NO_PAGE,
  );
  const editor = useRecordDrawer<AdminStaffUser, UserValues>({
    noun: "员工",
    nameOf: (values) => values.username,
    empty: { nickname: "" },
    valuesOf: (user) => ({ username: user.username, nickname: user.nickname, group_id: user.group_id || undefined }),
    save: (values, user) =>
      user
        ? call("/shopapi/user/edituser", { uid: user.uid, nickname: values.nickname ?? "", group_id: values.group_id })
        : call("/shopapi/user/adduser", { username: values.username, password: values.password, nickname: values.nickname ?? "", group_id: values.group_id }),
    onSaved: reload,
  });
  const editingMyself = editor.row !== undefined && editor.row.uid === me?.staff_id;

  const setStatus = (user: AdminStaffUser, status: number) =>
    refreshAfter(call("/shopapi/user/modifyuserstatus", { uid: user.uid, status }), status === 1 ? `已启用「${user.username}」` : `已停用「${user.username}」，其登录已退出`);
  const remove = (user: AdminStaffUser) => refreshAfter(call("/shopapi/user/deleteuser", { uid: user.uid }), `已删除员工「${user.username}」`);
  const resetPassword = async (values: { password: string }) => {
    if (!resetting || !(await call("/shopapi/user/modifyuserpassword", { uid: resetting.uid, password: values.password }))) return false;
    void message.success(`已重置「${resetting.username}」的密码，其登录已退出`);
    return true;
  };

  const groupOptions = groups.map((group) => ({ value: group.group_id, label: group.group_name }));
  const filterFields: FilterField[] = [
    { kind: "text", name: "search_text", label: "员工", placeholder: "用户名或昵称", width: 200, maxLength: 32 },
    { kind: "select", name: "group_id", label: "角色", width: 160, options: groups.map((group) => ({ value: String(group.group_id), label: group.group_name })) },
    { kind: "select", name: "status", label: "状态", width: 110, options: STATUS_OPTIONS },
  ];

  return (
    <ConsolePage title="员工管理" extra={<Button type="primary" onClick={editor.openNew}>添加员工</Button>} filters={<ListFilters fields={filterFields} filters={query.filters} onSearch={setFilters} />}>
      <Table<AdminStaffUser>
        rowKey="uid"
        loading={loading}
        dataSource={data.list}
        pagination={tablePagination(query, data.count, setPage)}
        locale={{ emptyText: searchText || groupFilter || statusFilter ? "没有匹配的员工" : "还没有员工" }}
        columns={[
          { title: "用户名", dataIndex: "username", render: (name: string, user) => <Space>{name}{user.uid === me?.staff_id && <Tag>我</Tag>}</Space> },
          { title: "昵称", dataIndex: "nickname" },
          { title: "角色", dataIndex: "group_name", render: (name: string, user) => <Tag color={user.is_admin ? "gold" : "blue"}>{name || "未分配"}</Tag> },
          { title: "状态", dataIndex: "status", width: 80, render: (status: number) => (status === 1 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
          { title: "最近登录", dataIndex: "login_time", width: 170, render: (time: number, user) => (time ? <span title={user.login_ip}>{fullTime(time)}</span> : "从未登录") },
          { title: "创建时间", dataIndex: "create_time", width: 170, render: (time: number) => (time ? fullTime(time) : "—") },
          {
            title: "操作",
            key: "actions",
            width: 250,
            render: (_, user) =>
              user.uid === me?.staff_id ? (
                <RowActions onEdit={() => editor.openEdit(user)} />
              ) : (
                <RowActions
                  compact
                  onEdit={() => editor.openEdit(user)}
                  remove={{ title: `删除员工「${user.username}」？`, description: "删除后不可恢复，其操作日志保留", onConfirm: () => remove(user) }}
                >
                  <Popconfirm
                    title={user.status === 1 ? `停用「${user.username}」？` : `启用「${user.username}」？`}
                    description={user.status === 1 ? "停用后其登录立即失效，不能再登录后台" : undefined}
                    onConfirm={() => setStatus(user, user.status === 1 ? 0 : 1)}
                  >
                    <Button type="link" size="small">
                      {user.status === 1 ? "停用" : "启用"}
                    </Button>
                  </Popconfirm>
                  <Button type="link" size="small" onClick={() => setResetting(user)}>
                    重置密码
                  </Button>
                </RowActions>
              ),
          },
        ]}
      />
      <FormDrawer<UserValues> {...editor.drawerProps}>
        <Form.Item name="username" label="用户名" rules={editor.isNew ? [{ required: true, message: "请输入用户名" }, zodRule(staffUsername, "用户名")] : []}>
          <Input maxLength={32} disabled={!editor.isNew} autoFocus={editor.isNew} autoComplete="off" />
        </Form.Item>
        {editor.isNew && (
          <Form.Item name="password" label="登录密码" rules={[{ required: true, message: "请输入密码" }, zodRule(staffNewPassword, "密码")]}>
            <Input.Password maxLength={64} autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item name="nickname" label="昵称" extra="留空则显示用户名" rules={[{ max: 30, message: "昵称不能超过 30 个字" }]}>
          <Input maxLength={30} autoFocus={!editor.isNew} />
        </Form.Item>
        <Form.Item name="group_id" label="角色" rules={[{ required: true, message: "请选择角色" }]} extra={editingMyself ? "不能更换自己的角色" : undefined}>
          <Select options={groupOptions} placeholder="选择角色" aria-label="选择角色" disabled={editingMyself} />
        </Form.Item>
      </FormDrawer>
      <FormDrawer<{ password: string }>
        title={resetting ? `重置「${resetting.username}」的密码` : "重置密码"}
        open={resetting !== null}
        initialValues={{ password: "" }}
        onClose={() => setResetting(null)}
        onSubmit={resetPassword}
      >
        <Form.Item name="password" label="新密码" extra="重置后该员工的登录全部退出，须用新密码重新登录" rules={[{ required: true, message: "请输入新密码" }, zodRule(staffNewPassword, "新密码")]}>
          <Input.Password maxLength={64} autoComplete="new-password" autoFocus />
        </Form.Item>
      </FormDrawer>
    </ConsolePage>
  );
}
