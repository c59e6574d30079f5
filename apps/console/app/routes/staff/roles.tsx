import { useEffect, useState } from "react";
import { App, Button, Form, Input, Popconfirm, Space, Table, Tag, Typography } from "antd";
import type { AdminStaffGroup, StaffPermissionGroup } from "@shop/contract";
import ConsolePage from "../../components/ConsolePage.tsx";
import FormDrawer from "../../components/catalog/FormDrawer.tsx";
import PermissionChecklist from "../../components/staff/PermissionChecklist.tsx";
import { useStaffGroups } from "../../components/staff/use-groups.ts";
import { requiredName, maxLength } from "../../components/catalog/rules.ts";
import { fullTime } from "../../lib/format.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";

export function meta() {
  return [{ title: "角色权限 - 商城管理后台" }];
}

interface GroupValues {
  group_name: string;
  menu_array: string[];
  desc: string;
}

/** 角色权限: roles and the permissions they hold; a change applies from its members' next action. 管理员 holds everything. */
export default function RolesPage() {
  const call = useStaffCall();
  const { message } = App.useApp();
  const { groups, loading, reload } = useStaffGroups();
  const [catalog, setCatalog] = useState<StaffPermissionGroup[]>([]);
  const [editing, setEditing] = useState<AdminStaffGroup | "new" | null>(null);

  useEffect(() => {
    void call("/shopapi/user/permissions", {}).then((list) => list && setCatalog(list));
  }, [call]);
  const labelOf = new Map(catalog.flatMap((group) => group.permissions.map((permission) => [permission.name, permission.label] as const)));

  const save = async (values: GroupValues) => {
    const body = { group_name: values.group_name, menu_array: values.menu_array ?? [], desc: values.desc ?? "" };
    const saved = editing && editing !== "new" ? await call("/shopapi/user/editgroup", { group_id: editing.group_id, ...body }) : await call("/shopapi/user/addgroup", body);
    if (!saved) return false;
    void message.success(editing === "new" ? `角色「${values.group_name}」已添加` : "角色已保存，其成员下次操作起生效");
    void reload();
    return true;
  };
  const remove = async (group: AdminStaffGroup) => {
    if (await call("/shopapi/user/deletegroup", { group_id: group.group_id })) {
      void message.success(`已删除角色「${group.group_name}」`);
      void reload();
    }
  };

  return (
    <ConsolePage title="角色权限" extra={<Button type="primary" onClick={() => setEditing("new")}>添加角色</Button>}>
      <Table<AdminStaffGroup>
        rowKey="group_id"
        loading={loading}
        dataSource={groups}
        pagination={false}
        columns={[
          { title: "角色名称", dataIndex: "group_name", width: 160, render: (name: string, group) => <Space>{name}{group.is_system === 1 && <Tag color="gold">系统</Tag>}</Space> },
          {
            title: "权限",
            dataIndex: "menu_array",
            render: (menu: string, group) =>
              group.is_system === 1 ? (
                <Typography.Text type="secondary">全部权限</Typography.Text>
              ) : (
                <Space size={[4, 4]} wrap>
                  {menu.split(",").filter(Boolean).map((name) => <Tag key={name}>{labelOf.get(name) ?? name}</Tag>)}
                </Space>
              ),
          },
          { title: "说明", dataIndex: "desc", width: 180 },
          { title: "员工数", dataIndex: "user_count", width: 80, align: "right" },
          { title: "修改时间", key: "time", width: 170, render: (_, group) => fullTime(group.modify_time || group.create_time) },
          {
            title: "操作",
            key: "actions",
            width: 130,
            render: (_, group) =>
              group.is_system === 1 ? (
                <Typography.Text type="secondary">不可修改</Typography.Text>
              ) : (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setEditing(group)}>
                    编辑
                  </Button>
                  <Popconfirm
                    title={`删除角色「${group.group_name}」？`}
                    description={group.user_count > 0 ? `还有 ${group.user_count} 名员工属于该角色，须先为他们更换角色` : "删除后不可恢复"}
                    onConfirm={() => remove(group)}
                  >
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      <FormDrawer<GroupValues>
        title={editing === "new" ? "添加角色" : "编辑角色"}
        open={editing !== null}
        width={640}
        initialValues={
          editing && editing !== "new"
            ? { group_name: editing.group_name, desc: editing.desc, menu_array: editing.menu_array.split(",").filter(Boolean) }
            : { group_name: "", desc: "", menu_array: [] }
        }
        onClose={() => setEditing(null)}
        onSubmit={save}
      >
        <Form.Item name="group_name" label="角色名称" rules={requiredName("角色名称", 30)}>
          <Input maxLength={30} showCount autoFocus />
        </Form.Item>
        <Form.Item name="desc" label="说明" rules={maxLength("说明", 200)}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="menu_array" label="权限" rules={[{ required: true, type: "array", min: 1, message: "请至少选择一项权限" }]} extra="登录后台、修改自己的密码无需权限">
          <PermissionChecklist catalog={catalog} />
        </Form.Item>
      </FormDrawer>
    </ConsolePage>
  );
}
