import { useCallback, useEffect, useState } from "react";
import { App, Button, Form, Input, Popconfirm, Space } from "antd";
import type { AdminGoodsLabel } from "@shop/contract/domains/admin-catalog";
import ConsolePage from "../../components/ConsolePage.tsx";
import DragSortTable, { resortedValues } from "../../components/catalog/DragSortTable.tsx";
import FormDrawer from "../../components/catalog/FormDrawer.tsx";
import { requiredName } from "../../components/catalog/rules.ts";
import { fullTime } from "../../lib/format.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";

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
  const [labels, setLabels] = useState<AdminGoodsLabel[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<AdminGoodsLabel | "new" | null>(null);

  const load = useCallback(async () => {
    const list = await call("/shopapi/goodslabel/lists", {});
    setLoading(false);
    if (list) setLabels(list);
  }, [call]);
  useEffect(() => {
    void load();
  }, [load]);

  const save = async (values: LabelValues) => {
    const done =
      editing && editing !== "new"
        ? await call("/shopapi/goodslabel/edit", { id: editing.id, label_name: values.label_name, sort: editing.sort })
        : await call("/shopapi/goodslabel/add", { label_name: values.label_name, sort: labels.length });
    if (!done) return false;
    void message.success(editing === "new" ? "标签已添加" : "标签已保存");
    void load();
    return true;
  };
  const remove = async (label: AdminGoodsLabel) => {
    if (await call("/shopapi/goodslabel/delete", { id: label.id })) {
      void message.success(`已删除标签「${label.label_name}」`);
      void load();
    }
  };
  const reorder = async (rows: AdminGoodsLabel[]) => {
    const changed = resortedValues(rows);
    setLabels(rows.map((row, sort) => ({ ...row, sort })));
    if (changed.length === 0) return;
    if (await call("/shopapi/goodslabel/modifysort", { label_sort_array: changed.map(({ row, sort }) => ({ id: row.id, sort })) })) void message.success("排序已保存");
    else void load();
  };

  return (
    <ConsolePage title="商品标签" extra={<Button type="primary" onClick={() => setEditing("new")}>添加标签</Button>}>
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
              <Space>
                <Button type="link" size="small" onClick={() => setEditing(label)}>
                  编辑
                </Button>
                <Popconfirm title={`删除标签「${label.label_name}」？`} description="使用该标签的商品须先取消它" onConfirm={() => remove(label)}>
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
        title={editing === "new" ? "添加商品标签" : "编辑商品标签"}
        open={editing !== null}
        initialValues={editing && editing !== "new" ? { label_name: editing.label_name } : { label_name: "" }}
        onClose={() => setEditing(null)}
        onSubmit={save}
      >
        <Form.Item name="label_name" label="标签名称" rules={requiredName("标签名称", 20)}>
          <Input placeholder="如：新品、爆款" maxLength={20} showCount autoFocus />
        </Form.Item>
      </FormDrawer>
    </ConsolePage>
  );
}
