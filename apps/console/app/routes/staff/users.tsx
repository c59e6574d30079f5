import { useCallback, useEffect, useState } from "react";
import { App, Button, Form, Input, Popconfirm, Select, Space, Table, Tag } from "antd";
import type { Page } from "@shop/contract/codes";
import { staffNewPassword, staffUsername, type AdminStaffUser } from "@shop/contract";
import ConsolePage from "../../components/ConsolePage.tsx";
import FormDrawer from "../../components/catalog/FormDrawer.tsx";
import { zodRule } from "../../components/settings/zod-rule.ts";
import { useStaffGroups } from "../../components/staff/use-groups.ts";
import { fullTime } from "../../lib/format.ts";
import { tablePagination, useListQuery } from "../../lib/use-list-query.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";
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
  const [data, setData] = useState<Page<AdminStaffUser>>({ list: [], count: 0, page_count: 0 });
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<AdminStaffUser | "new" | null>(null);
  const [resetting, setResetting] = useState<AdminStaffUser | null>(null);
  const { search_text: searchText = "", group_id: groupFilter = "", status: statusFilter = "" } = query.filters;

  const load = useCallback(async () => {
    setLoading(true);
    const page = await call("/shopapi/user/user", {
      page: query.page,
      page_size: query.pageSize,
      search_text: searchText,
      ...(groupFilter ? { group_id: Number(groupFilter) } : {}),
      ...(statusFilter ? { status: Number(statusFilter) } : {}),
    });
    setLoading(false);
    if (page) setData(page);
  }, [call, query.page, query.pageSize, searchText, groupFilter, statusFilter]);
  useEffect(() => {
    void load();
  }, [load]);

  const done = (text: string) => {
    void message.success(text);
    void load();
  };
  const save = async (values: UserValues) => {
    const saved =
      editing && editing !== "new"
        ? await call("/shopapi/user/edituser", { uid: editing.uid, nickname: values.nickname ?? "", group_id: values.group_id })
        : await call("/shopapi/user/adduser", { username: values.username, password: values.password, nickname: values.nickname ?? "", group_id: values.group_id });
    if (!saved) return false;
    done(editing === "new" ? `员工「${values.username}」已添加` : "员工已保存");
    return true;
  };
  const setStatus = async (user: AdminStaffUser, status: number) => {
    if (await call("/shopapi/user/modifyuserstatus", { uid: user.uid, status })) done(status === 1 ? `已启用「${user.username}」` : `已停用「${user.username}」，其登录已退出`);
  };
  const remove = async (user: AdminStaffUser) => {
    if (await call("/shopapi/user/deleteuser", { uid: user.uid })) done(`已删除员工「${user.username}」`);
  };
  const resetPassword = async (values: { password: string }) => {
    if (!resetting || !(await call("/shopapi/user/modifyuserpassword", { uid: resetting.uid, password: values.password }))) return false;
    void message.success(`已重置「${resetting.username}」的密码，其登录已退出`);
    return true;
  };

  const groupOptions = groups.map((group) => ({ value: group.group_id, label: group.group_name }));
  const filters = (
    <Form
      layout="inline"
      key={`${searchText}|${groupFilter}|${statusFilter}`}
      initialValues={{ search_text: searchText, group_id: groupFilter ? Number(groupFilter) : undefined, status: statusFilter || undefined }}
      onFinish={(values: { search_text?: string; group_id?: number; status?: string }) =>
        setFilters({ search_text: (values.search_text ?? "").trim(), group_id: values.group_id ? String(values.group_id) : "", status: values.status ?? "" })
      }
    >
      <Form.Item name="search_text" label="员工">
        <Input placeholder="用户名或昵称" allowClear style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="group_id" label="角色">
        <Select placeholder="全部角色" allowClear options={groupOptions} style={{ width: 160 }} aria-label="角色" />
      </Form.Item>
      <Form.Item name="status" label="状态">
        <Select placeholder="全部" allowClear options={STATUS_OPTIONS} style={{ width: 110 }} aria-label="状态" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
      </Form.Item>
    </Form>
  );

  return (
    <ConsolePage title="员工管理" extra={<Button type="primary" onClick={() => setEditing("new")}>添加员工</Button>} filters={filters}>
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
                <Button type="link" size="small" onClick={() => setEditing(user)}>
                  编辑
                </Button>
              ) : (
                <Space size={0} wrap>
                  <Button type="link" size="small" onClick={() => setEditing(user)}>
                    编辑
                  </Button>
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
                  <Popconfirm title={`删除员工「${user.username}」？`} description="删除后不可恢复，其操作日志保留" onConfirm={() => remove(user)}>
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      <FormDrawer<UserValues>
        title={editing === "new" ? "添加员工" : "编辑员工"}
        open={editing !== null}
        initialValues={editing && editing !== "new" ? { username: editing.username, nickname: editing.nickname, group_id: editing.group_id || undefined } : { nickname: "" }}
        onClose={() => setEditing(null)}
        onSubmit={save}
      >
        <Form.Item name="username" label="用户名" rules={editing === "new" ? [{ required: true, message: "请输入用户名" }, zodRule(staffUsername, "用户名")] : []}>
          <Input maxLength={32} disabled={editing !== "new"} autoFocus={editing === "new"} autoComplete="off" />
        </Form.Item>
        {editing === "new" && (
          <Form.Item name="password" label="登录密码" rules={[{ required: true, message: "请输入密码" }, zodRule(staffNewPassword, "密码")]}>
            <Input.Password maxLength={64} autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item name="nickname" label="昵称" extra="留空则显示用户名" rules={[{ max: 30, message: "昵称不能超过 30 个字" }]}>
          <Input maxLength={30} autoFocus={editing !== "new"} />
        </Form.Item>
        <Form.Item name="group_id" label="角色" rules={[{ required: true, message: "请选择角色" }]} extra={editing !== "new" && editing?.uid === me?.staff_id ? "不能更换自己的角色" : undefined}>
          <Select options={groupOptions} placeholder="选择角色" aria-label="选择角色" disabled={editing !== "new" && editing?.uid === me?.staff_id} />
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
