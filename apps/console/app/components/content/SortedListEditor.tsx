import { useCallback, useEffect, useState, type ReactNode } from "react";
import { App, Button, Popconfirm, Space } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { EndpointPath } from "@shop/contract";
import FormDrawer from "../catalog/FormDrawer.tsx";
import DragSortTable from "../catalog/DragSortTable.tsx";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import { untypedCall } from "./staff-call-any.ts";

/**
 * A short list the storefront shows in the admin's order (the header navigation, the footer's
 * friendly links): drag to order, add and edit in a drawer, delete after a confirmation. The page
 * gives the calls, the columns, the form's fields and how form values become the call's body.
 */
export default function SortedListEditor<Row extends { id: number }, Values extends object>(props: {
  noun: string;
  calls: { list: EndpointPath; add: EndpointPath; edit: EndpointPath; remove: EndpointPath; sort: EndpointPath };
  columns: ColumnsType<Row>;
  nameOf: (row: Row) => string;
  emptyValues: Partial<Values>;
  toValues: (row: Row) => Partial<Values>;
  toBody: (values: Values) => object;
  fields: ReactNode;
}) {
  const { noun, calls, columns, nameOf, emptyValues, toValues, toBody, fields } = props;
  const call = untypedCall(useStaffCall());
  const { message } = App.useApp();
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<Row | "new" | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    const list = await call<Row[]>(calls.list, {});
    setLoading(false);
    if (list) setRows(list);
  }, [call, calls.list]);
  useEffect(() => {
    void load();
  }, [load]);

  const save = async (values: Values) => {
    const body = toBody(values);
    const done = editing && editing !== "new" ? await call(calls.edit, { ...body, id: editing.id }) : await call(calls.add, body);
    if (done === undefined) return false;
    void message.success(editing === "new" ? `${noun}已添加` : `${noun}已保存`);
    void load();
    return true;
  };
  const remove = async (row: Row) => {
    if ((await call(calls.remove, { id: row.id })) === undefined) return;
    void message.success(`已删除${noun}「${nameOf(row)}」`);
    void load();
  };
  const reorder = async (next: Row[]) => {
    setRows(next);
    if ((await call(calls.sort, { ids: next.map((row) => row.id) })) !== undefined) void message.success("排序已保存");
    void load();
  };

  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => setEditing("new")}>
          添加{noun}
        </Button>
      </Space>
      <DragSortTable<Row>
        rowKey="id"
        loading={loading}
        dataSource={rows}
        onReorder={(next) => void reorder(next)}
        locale={{ emptyText: `还没有${noun}` }}
        columns={[
          ...columns,
          {
            title: "操作",
            key: "actions",
            width: 130,
            render: (_, row) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEditing(row)}>
                  编辑
                </Button>
                <Popconfirm title={`删除${noun}「${nameOf(row)}」？`} description="删除后不可恢复" onConfirm={() => remove(row)}>
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <FormDrawer<Values>
        title={editing === "new" ? `添加${noun}` : `编辑${noun}`}
        open={editing !== null}
        initialValues={editing && editing !== "new" ? toValues(editing) : emptyValues}
        onClose={() => setEditing(null)}
        onSubmit={save}
      >
        {fields}
      </FormDrawer>
    </>
  );
}
