import { App, Button, Form, Input } from "antd";
import type { AdminGoodsLabel } from "@shop/contract/domains/admin-catalog";
import ConsolePage from "../../components/ConsolePage.tsx";
import RowActions from "../../components/RowActions.tsx";
import DragSortTable, { resortedValues } from "../../components/catalog/DragSortTable.tsx";
import FormDrawer from "../../components/catalog/FormDrawer.tsx";
import { requiredName } from "../../components/catalog/rules.ts";
import { fullTime } from "../../lib/format.ts";
import { useRecordDrawer } from "../../lib/use-record-drawer.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import { useStaffQuery } from "../../lib/use-staff-query.ts";

export function meta() {
  return [{ title: "商品标签 - 商城管理后台" }];
}

interface LabelValues {
  label_name: string;
}

/** Goods labels (新品, 爆款 …): the goods editor offers them in this order; drag to re-order. */
export default function GoodsLabelPage() {
  const call = useStaffCall();
  const { message } = App.useApp();
  const { data: labels, setData: setLabels, loading, reload, refreshAfter } = useStaffQuery("/shopapi/goodslabel/lists", {}, []);
  const editor = useRecordDrawer<AdminGoodsLabel, LabelValues>({
    noun: "商品标签",
    nameOf: (values) => values.label_name,
    empty: { label_name: "" },
    valuesOf: (label) => ({ label_name: label.label_name }),
    save: (values, label) =>
      label
        ? call("/shopapi/goodslabel/edit", { id: label.id, label_name: values.label_name, sort: label.sort })
        : call("/shopapi/goodslabel/add", { label_name: values.label_name, sort: labels.length }),
    onSaved: reload,
  });
  const remove = (label: AdminGoodsLabel) => refreshAfter(call("/shopapi/goodslabel/delete", { id: label.id }), `已删除标签「${label.label_name}」`);
  const reorder = async (rows: AdminGoodsLabel[]) => {
    const changed = resortedValues(rows);
    setLabels(rows.map((row, sort) => ({ ...row, sort })));
    if (changed.length === 0) return;
    if (await call("/shopapi/goodslabel/modifysort", { label_sort_array: changed.map(({ row, sort }) => ({ id: row.id, sort })) })) void message.success("排序已保存");
    else void reload();
  };

  return (
    <ConsolePage title="商品标签" extra={<Button type="primary" onClick={editor.openNew}>添加标签</Button>}>
      <DragSortTable<AdminGoodsLabel>
        rowKey="id"
        loading={loading}
        dataSource={labels}
        onReorder={(rows) => void reorder(rows)}
        locale={{ emptyText: "还没有商品标签" }}
        columns={[
          { title: "标签名称", dataIndex: "label_name" },
          { title: "创建时间", dataIndex: "create_time", width: 180, render: (time: number) => fullTime(time) },
          {
            title: "操作",
            key: "actions",
            width: 160,
            render: (_, label) => (
              <RowActions
                onEdit={() => editor.openEdit(label)}
                remove={{ title: `删除标签「${label.label_name}」？`, description: "使用该标签的商品须先取消它", onConfirm: () => remove(label) }}
              />
            ),
          },
        ]}
      />
      <FormDrawer<LabelValues> {...editor.drawerProps}>
        <Form.Item name="label_name" label="标签名称" rules={requiredName("标签名称", 20)}>
          <Input placeholder="如：新品、爆款" maxLength={20} showCount autoFocus />
        </Form.Item>
      </FormDrawer>
    </ConsolePage>
  );
}
