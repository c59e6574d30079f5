import { Link } from "react-router";
import { Button, Form, Input, InputNumber, Table } from "antd";
import { memberLabelFields, type StaffMemberLabel } from "@shop/contract/domains/admin-member";
import ConsolePage from "../../components/ConsolePage.tsx";
import RowActions from "../../components/RowActions.tsx";
import FormDrawer from "../../components/catalog/FormDrawer.tsx";
import { fieldRule } from "../../components/settings/zod-rule.ts";
import { fullTime } from "../../lib/format.ts";
import { useRecordDrawer } from "../../lib/use-record-drawer.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import { useStaffQuery } from "../../lib/use-staff-query.ts";

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
  const { data: labels, loading, reload, refreshAfter } = useStaffQuery("/shopapi/memberlabel/lists", {}, []);
  const editor = useRecordDrawer<StaffMemberLabel, LabelValues>({
    noun: "标签",
    nameOf: (values) => values.label_name,
    empty: EMPTY,
    valuesOf: (label) => label,
    save: (values, label) => {
      const body = { label_name: values.label_name, remark: values.remark ?? "", sort: values.sort ?? 0 };
      return label ? call("/shopapi/memberlabel/edit", { label_id: label.label_id, ...body }) : call("/shopapi/memberlabel/add", body);
    },
    onSaved: reload,
  });
  const remove = (label: StaffMemberLabel) => refreshAfter(call("/shopapi/memberlabel/delete", { label_id: label.label_id }), `已删除标签「${label.label_name}」`);

  return (
    <ConsolePage title="会员标签" extra={<Button type="primary" onClick={editor.openNew}>添加标签</Button>}>
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
              <RowActions
                onEdit={() => editor.openEdit(label)}
                remove={{
                  title: `删除标签「${label.label_name}」？`,
                  description: label.member_count > 0 ? `${label.member_count} 位会员将不再带有该标签` : "删除后不可恢复",
                  onConfirm: () => remove(label),
                }}
              />
            ),
          },
        ]}
      />
      <FormDrawer<LabelValues> {...editor.drawerProps}>
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
