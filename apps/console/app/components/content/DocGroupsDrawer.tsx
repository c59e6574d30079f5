import { useState } from "react";
import { App, Button, Drawer, Form, Input, Popconfirm, Space } from "antd";
import type { StaffDocGroup } from "@shop/contract/domains/admin-content-docs";
import DragSortTable from "../catalog/DragSortTable.tsx";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import type { DocGroupCalls } from "./doc-kinds.ts";
import { untypedCall } from "./staff-call-any.ts";

/**
 * The categories of articles or the classes of help, in a drawer beside the list: drag to order
 * (the storefront lists them in this order), rename in place, add, and delete an empty one.
 */
export default function DocGroupsDrawer({ open, onClose, group, groups, onChanged }: {
  open: boolean;
  onClose: () => void;
  group: DocGroupCalls;
  groups: StaffDocGroup[];
  onChanged: () => void;
}) {
  const call = untypedCall(useStaffCall());
  const { message } = App.useApp();
  const [editing, setEditing] = useState<number | null>(null);
  const [form] = Form.useForm<{ name: string }>();

  const after = (text: string) => (done: unknown) => {
    if (done === undefined) return false;
    void message.success(text);
    onChanged();
    return true;
  };
  const add = async ({ name }: { name: string }) => {
    if (after(`已添加${group.label}「${name}」`)(await call(group.add, { name, sort: groups.length }))) form.resetFields();
  };
  const rename = async (row: StaffDocGroup, name: string) => {
    setEditing(null);
    if (name.trim() && name.trim() !== row.name) after("已保存")(await call(group.edit, { id: row.id, name: name.trim(), sort: row.sort }));
  };
  const remove = async (row: StaffDocGroup) => after(`已删除${group.label}「${row.name}」`)(await call(group.remove, { id: row.id }));
  const reorder = async (rows: StaffDocGroup[]) => after("排序已保存")(await call(group.sort, { ids: rows.map((row) => row.id) }));

  return (
    <Drawer title={`${group.label}管理`} open={open} onClose={onClose} size={560}>
      <Form form={form} layout="inline" onFinish={(values) => void add(values)} style={{ marginBottom: 16 }} aria-label={`添加${group.label}`}>
        <Form.Item name="name" label={`新${group.label}`} validateFirst rules={[{ required: true, whitespace: true, message: `请输入${group.label}名称` }, { max: 30, message: "名称不能超过 30 个字" }]}>
          <Input maxLength={30} placeholder="名称" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            添加
          </Button>
        </Form.Item>
      </Form>
      <DragSortTable<StaffDocGroup>
        rowKey="id"
        size="small"
        dataSource={groups}
        onReorder={(rows) => void reorder(rows)}
        columns={[
          {
            title: "名称",
            dataIndex: "name",
            render: (name: string, row) =>
              editing === row.id ? (
                <Input
                  size="small"
                  autoFocus
                  defaultValue={name}
                  maxLength={30}
                  aria-label={`${name} 的新名称`}
                  onBlur={(event) => void rename(row, event.target.value)}
                  onPressEnter={(event) => (event.target as HTMLInputElement).blur()}
                />
              ) : (
                name
              ),
          },
          { title: "内容数", dataIndex: "doc_count", width: 80, align: "right" },
          {
            title: "操作",
            key: "actions",
            width: 130,
            render: (_, row) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEditing(row.id)}>
                  重命名
                </Button>
                <Popconfirm
                  title={`删除「${row.name}」？`}
                  description={row.doc_count > 0 ? `其下还有 ${row.doc_count} 条内容，须先删除或移走` : "删除后不可恢复"}
                  onConfirm={() => remove(row)}
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
    </Drawer>
  );
}
