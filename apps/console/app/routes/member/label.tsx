import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { App, Button, Form, Input, InputNumber, Popconfirm, Space, Table } from "antd";
import { memberLabelFields, type StaffMemberLabel } from "@shop/contract/domains/admin-member";
import ConsolePage from "../../components/ConsolePage.tsx";
import FormDrawer from "../../components/catalog/FormDrawer.tsx";
import { fieldRule } from "../../components/settings/zod-rule.ts";
import { fullTime } from "../../lib/format.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";

export function meta() {
  return [{ title: "会员标签 - 商城管理后台" }];
}

interface LabelValues {
  label_name: string;
  remark: string;
  sort: number;
}

const EMPTY: Partial<LabelValues> = { label_name: "", remark: "", sort: 0 };

/** 会员标签: labels staff give members (in 会员列表, in a batch) and filter the list by. */
export default function MemberLabelPage() {
  const call = useStaffCall();
  const { message } = App.useApp();
  const [labels, setLabels] = useState<StaffMemberLabel[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<StaffMemberLabel | "new" | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    const list = await call("/shopapi/memberlabel/lists", {});
    setLoading(false);
    if (list) setLabels(list);
  }, [call]);
  useEffect(() => {
    void load();
  }, [load]);

  const save = async (values: LabelValues) => {
    const body = { label_name: values.label_name, remark: values.remark ?? "", sort: values.sort ?? 0 };
    const done = editing && editing !== "new" ? await call("/shopapi/memberlabel/edit", { label_id: editing.label_id, ...body }) : await call("/shopapi/memberlabel/add", body);
    if (!done) return false;
    void message.success(editing === "new" ? `标签「${values.label_name}」已添加` : "标签已保存");
    void load();
    return true;
  };
  const remove = async (label: StaffMemberLabel) => {
    if (await call("/shopapi/memberlabel/delete", { label_id: label.label_id })) {
      void message.success(`已删除标签「${label.label_name}」`);
      void load();
    }
  };

  return (
    <ConsolePage title="会员标签" extra={<Button type="primary" onClick={() => setEditing("new")}>添加标签</Button>}>
      <Table<StaffMemberLabel>
        rowKey="label_id"
        loading={loading}
        dataSource={labels}
        pagination={false}
        locale={{ emptyText: "还没有会员标签" }}
        columns={[
          { title: "标签名称", dataIndex: "label_name" },
          { title: "说明", dataIndex: "remark", render: (remark: string) => remark || "—" },
          { title: "会员数", dataIndex: "member_count", width: 100, align: "right", render: (count: number, label) => <Link to={`/member?label_id=${label.label_id}`}>{count}</Link> },
          { title: "排序", dataIndex: "sort", width: 80, align: "right" },
          { title: "创建时间", dataIndex: "create_time", width: 170, render: fullTime },
          {
            title: "操作",
            key: "actions",
            width: 150,
            render: (_, label) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEditing(label)}>
                  编辑
                </Button>
                <Popconfirm
                  title={`删除标签「${label.label_name}」？`}
                  description={label.member_count > 0 ? `${label.member_count} 位会员将不再带有该标签` : "删除后不可恢复"}
                  onConfirm={() => remove(label)}
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
      <FormDrawer<LabelValues>
        title={editing === "new" ? "添加标签" : "编辑标签"}
        open={editing !== null}
        initialValues={editing && editing !== "new" ? editing : EMPTY}
        onClose={() => setEditing(null)}
        onSubmit={save}
      >
        <Form.Item name="label_name" label="标签名称" rules={[fieldRule(memberLabelFields, "label_name", "标签名称")]}>
          <Input maxLength={20} showCount autoFocus />
        </Form.Item>
        <Form.Item name="remark" label="说明" rules={[fieldRule(memberLabelFields, "remark", "说明")]}>
          <Input.TextArea rows={2} maxLength={100} showCount />
        </Form.Item>
        <Form.Item name="sort" label="排序（小的在前）" rules={[fieldRule(memberLabelFields, "sort", "排序")]}>
          <InputNumber min={0} max={10000} precision={0} />
        </Form.Item>
      </FormDrawer>
    </ConsolePage>
  );
}
