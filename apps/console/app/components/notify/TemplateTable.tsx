import { useCallback, useEffect, useState } from "react";
import { App, Button, Form, Input, Switch, Table, Tag, Typography } from "antd";
import type { NotifyTemplateItem } from "@shop/contract/domains/admin-notify";
import FormDrawer from "../catalog/FormDrawer.tsx";
import { useStaffCall } from "../../lib/use-staff-call.ts";

interface TemplateValues {
  is_open: boolean;
  content: string;
}

const CONTENT_MAX = 300;

/** The buyer SMS templates: each switched on or off at once, its text edited in a drawer. */
export default function TemplateTable() {
  const call = useStaffCall();
  const { message } = App.useApp();
  const [templates, setTemplates] = useState<NotifyTemplateItem[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<NotifyTemplateItem | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    const list = await call("/shopapi/message/lists", {});
    setLoading(false);
    if (list) setTemplates(list);
  }, [call]);
  useEffect(() => {
    void load();
  }, [load]);

  const save = async (template: NotifyTemplateItem, values: TemplateValues) => {
    const done = await call("/shopapi/message/edit", { keywords: template.keywords, is_open: values.is_open ? 1 : 0, content: values.content.trim() });
    if (!done) return false;
    void message.success(`「${template.title}」已保存`);
    void load();
    return true;
  };

  return (
    <>
      <Table<NotifyTemplateItem>
        rowKey="keywords"
        loading={loading}
        dataSource={templates}
        pagination={false}
        columns={[
          { title: "消息", dataIndex: "title", width: 150, render: (title: string, row) => <><div>{title}</div><Typography.Text type="secondary" style={{ fontSize: 12 }}>{row.keywords}</Typography.Text></> },
          { title: "短信内容", dataIndex: "content" },
          {
            title: "短信通知",
            dataIndex: "is_open",
            width: 110,
            render: (isOpen: number, row) => (
              <Switch
                checked={isOpen === 1}
                checkedChildren="开启"
                unCheckedChildren="关闭"
                aria-label={`${row.title} 短信通知`}
                onChange={(checked) => void save(row, { is_open: checked, content: row.content })}
              />
            ),
          },
          {
            title: "操作",
            key: "actions",
            width: 90,
            render: (_, row) => (
              <Button type="link" size="small" onClick={() => setEditing(row)}>
                编辑
              </Button>
            ),
          },
        ]}
      />
      <FormDrawer<TemplateValues>
        title={editing ? `编辑「${editing.title}」` : "编辑模板"}
        open={editing !== null}
        initialValues={editing ? { is_open: editing.is_open === 1, content: editing.content } : {}}
        onClose={() => setEditing(null)}
        onSubmit={(values) => (editing ? save(editing, values) : Promise.resolve(false))}
      >
        <Form.Item name="is_open" label="短信通知" valuePropName="checked">
          <Switch checkedChildren="开启" unCheckedChildren="关闭" />
        </Form.Item>
        <Form.Item
          name="content"
          label="短信内容"
          extra={editing && <>可用变量：{editing.vars.map((name) => <Tag key={name}>{`{${name}}`}</Tag>)}</>}
          rules={[
            { required: true, whitespace: true, message: "请填写短信内容" },
            { max: CONTENT_MAX, message: `短信内容不能超过 ${CONTENT_MAX} 个字` },
          ]}
        >
          <Input.TextArea rows={4} maxLength={CONTENT_MAX} showCount autoFocus />
        </Form.Item>
      </FormDrawer>
    </>
  );
}
