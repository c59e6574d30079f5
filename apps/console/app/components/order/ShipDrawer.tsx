import { App, Checkbox, Form, Input, Radio, Select, Space, Typography } from "antd";
import type { OrderGoods } from "@shop/contract";
import FormDrawer from "../catalog/FormDrawer.tsx";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import { useExpressCompanies } from "./use-express-companies.ts";

interface ShipValues {
  delivery_type: number;
  express_company_id?: number;
  delivery_no?: string;
  order_goods_ids: number[];
}

/** The lines that may still go into a package: not shipped, not refunded or being refunded. */
export const unshippedLines = (lines: OrderGoods[]) => lines.filter((line) => line.delivery_status === 0 && line.refund_status === 0);

/**
 * 发货 of one order (/shopapi/order/delivery): one package of the chosen lines, sent by an express
 * company with its tracking number, or needing no logistics. Further packages ship the rest.
 */
export default function ShipDrawer(props: { order: { order_id: number; order_no: string; order_goods: OrderGoods[] } | null; onClose: () => void; onShipped: () => void }) {
  const { order, onClose, onShipped } = props;
  const call = useStaffCall();
  const { message } = App.useApp();
  const companies = useExpressCompanies(order !== null);
  const lines = order ? unshippedLines(order.order_goods) : [];

  const submit = async (values: ShipValues) => {
    if (!order) return false;
    const shipped = await call("/shopapi/order/delivery", {
      order_id: order.order_id,
      packages: [
        {
          delivery_type: values.delivery_type as 0 | 1,
          express_company_id: values.delivery_type === 1 ? (values.express_company_id ?? 0) : 0,
          delivery_no: values.delivery_type === 1 ? (values.delivery_no ?? "").trim() : "",
          order_goods_ids: values.order_goods_ids,
          trace: [],
        },
      ],
    });
    if (!shipped) return false;
    void message.success(shipped.order_status === 3 ? "已发货" : "已发出一个包裹，其余商品待发货");
    onShipped();
    return true;
  };

  return (
    <FormDrawer<ShipValues>
      title={order ? `发货 · 订单 ${order.order_no}` : "发货"}
      open={order !== null}
      onClose={onClose}
      onSubmit={submit}
      initialValues={{ delivery_type: 1, order_goods_ids: lines.map((line) => line.order_goods_id) }}
    >
      {(form) => (
        <>
          <Form.Item name="order_goods_ids" label="发货商品" rules={[{ required: true, type: "array", min: 1, message: "请选择要发货的商品" }]}>
            <Checkbox.Group aria-label="发货商品">
              <Space direction="vertical">
                {lines.map((line) => (
                  <Checkbox key={line.order_goods_id} value={line.order_goods_id}>
                    {line.sku_name} <Typography.Text type="secondary">× {line.num}</Typography.Text>
                  </Checkbox>
                ))}
              </Space>
            </Checkbox.Group>
          </Form.Item>
          <Form.Item name="delivery_type" label="发货方式">
            <Radio.Group options={[{ value: 1, label: "快递" }, { value: 0, label: "无需物流" }]} aria-label="发货方式" />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(before, after) => before.delivery_type !== after.delivery_type}>
            {() =>
              form.getFieldValue("delivery_type") === 1 && (
                <>
                  <Form.Item name="express_company_id" label="快递公司" rules={[{ required: true, message: "请选择快递公司" }]}>
                    <Select
                      showSearch
                      optionFilterProp="label"
                      options={companies.map((company) => ({ value: company.company_id, label: company.company_name }))}
                      placeholder="选择快递公司"
                      aria-label="快递公司"
                    />
                  </Form.Item>
                  <Form.Item name="delivery_no" label="快递单号" rules={[{ required: true, whitespace: true, message: "请填写快递单号" }, { max: 50, message: "快递单号不能超过 50 位" }]}>
                    <Input maxLength={50} placeholder="快递单号" />
                  </Form.Item>
                </>
              )
            }
          </Form.Item>
        </>
      )}
    </FormDrawer>
  );
}
