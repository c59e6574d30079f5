import { useCallback, useEffect, useState } from "react";
import { App, Button, Form, Image, Input, Popconfirm, Space } from "antd";
import { serviceIconPath, serviceIconValue, type AdminGoodsService } from "@shop/contract/domains/admin-catalog";
import ConsolePage from "../../components/ConsolePage.tsx";
import ImageField from "../../components/ImageField.tsx";
import DragSortTable, { resortedValues } from "../../components/catalog/DragSortTable.tsx";
import FormDrawer from "../../components/catalog/FormDrawer.tsx";
import { maxLength, requiredName } from "../../components/catalog/rules.ts";
import { pictureUrl } from "../../lib/format.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";

export function meta() {
  return [{ title: "商品服务 - 商城管理后台" }];
}

interface ServiceValues {
  service_name: string;
  desc: string;
  icon: string;
}

/** Goods services (正品保障, 七天无理由 …): shown on goods pages in this order; drag to re-order. */
export default function GoodsServicePage() {
  const call = useStaffCall();
  const { message } = App.useApp();
  const [services, setServices] = useState<AdminGoodsService[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<AdminGoodsService | "new" | null>(null);

  const load = useCallback(async () => {
    const list = await call("/shopapi/goodsservice/lists", {});
    setLoading(false);
    if (list) setServices(list);
  }, [call]);
  useEffect(() => {
    void load();
  }, [load]);

  const save = async (values: ServiceValues) => {
    const body = { service_name: values.service_name, desc: values.desc ?? "", icon: serviceIconValue(values.icon ?? "") };
    const done =
      editing && editing !== "new"
        ? await call("/shopapi/goodsservice/edit", { id: editing.id, ...body, sort: editing.sort })
        : await call("/shopapi/goodsservice/add", { ...body, sort: services.length });
    if (!done) return false;
    void message.success(editing === "new" ? "服务已添加" : "服务已保存");
    void load();
    return true;
  };
  const remove = async (service: AdminGoodsService) => {
    if (await call("/shopapi/goodsservice/delete", { id: service.id })) {
      void message.success(`已删除服务「${service.service_name}」`);
      void load();
    }
  };
  const reorder = async (rows: AdminGoodsService[]) => {
    const changed = resortedValues(rows);
    setServices(rows.map((row, sort) => ({ ...row, sort })));
    if (changed.length === 0) return;
    if (await call("/shopapi/goodsservice/modifysort", { service_sort_array: changed.map(({ row, sort }) => ({ id: row.id, sort })) })) void message.success("排序已保存");
    else void load();
  };

  return (
    <ConsolePage title="商品服务" extra={<Button type="primary" onClick={() => setEditing("new")}>添加服务</Button>}>
      <DragSortTable<AdminGoodsService>
        rowKey="id"
        loading={loading}
        dataSource={services}
        onReorder={(rows) => void reorder(rows)}
        locale={{ emptyText: "还没有商品服务" }}
        columns={[
          { title: "图标", dataIndex: "icon", width: 80, render: (icon: string) => (serviceIconPath(icon) ? <Image src={pictureUrl(serviceIconPath(icon))} width={32} height={32} alt="" preview={false} /> : "—") },
          { title: "服务名称", dataIndex: "service_name", width: 200 },
          { title: "说明", dataIndex: "desc", ellipsis: true },
          {
            title: "操作",
            key: "actions",
            width: 160,
            render: (_, service) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEditing(service)}>
                  编辑
                </Button>
                <Popconfirm title={`删除服务「${service.service_name}」？`} description="提供该服务的商品将不再显示它" onConfirm={() => remove(service)}>
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <FormDrawer<ServiceValues>
        title={editing === "new" ? "添加商品服务" : "编辑商品服务"}
        open={editing !== null}
        initialValues={editing && editing !== "new" ? { ...editing, icon: serviceIconPath(editing.icon) } : { service_name: "", desc: "", icon: "" }}
        onClose={() => setEditing(null)}
        onSubmit={save}
      >
        <Form.Item name="service_name" label="服务名称" rules={requiredName("服务名称", 30)}>
          <Input placeholder="如：正品保障" maxLength={30} showCount autoFocus />
        </Form.Item>
        <Form.Item name="desc" label="服务说明" rules={maxLength("服务说明", 200)}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="在商品详情页展开时显示" />
        </Form.Item>
        <Form.Item name="icon" label="图标" extra="建议 64×64 的方形图片">
          <ImageField kind="goods" aria-label="图标" />
        </Form.Item>
      </FormDrawer>
    </ConsolePage>
  );
}
