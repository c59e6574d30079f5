import { Divider, Form, InputNumber } from "antd";
import { orderSettingsSchema, type OrderSettings } from "@shop/contract/domains/admin-settings";
import SettingsForm from "../../components/settings/SettingsForm.tsx";
import SwitchField from "../../components/settings/SwitchField.tsx";
import { fieldRule } from "../../components/settings/zod-rule.ts";

export function meta() {
  return [{ title: "交易设置 - 商城管理后台" }];
}

/** A whole-number setting with its unit and bounds (the contract's). */
function NumberItem({ field, label, unit, min, max, extra }: { field: keyof OrderSettings & string; label: string; unit: string; min: number; max: number; extra?: string }) {
  return (
    <Form.Item label={label} name={field} required extra={extra} rules={[fieldRule(orderSettingsSchema, field, label)]}>
      <InputNumber min={min} max={max} precision={0} addonAfter={unit} />
    </Form.Item>
  );
}

/** 交易设置: order timers, after-sale windows, evaluations. */
export default function Page() {
  return (
    <SettingsForm<"/shopapi/config/order", "/shopapi/config/setorder", OrderSettings> title="交易设置" read="/shopapi/config/order" save="/shopapi/config/setorder">
      <Divider titlePlacement="start">订单</Divider>
      <NumberItem field="auto_close_minutes" label="未付款自动关闭" unit="分钟" min={5} max={1440} extra="下单后超过该时间未付款，订单自动关闭并退回库存" />
      <NumberItem field="auto_receive_days" label="发货后自动收货" unit="天" min={1} max={30} />
      <NumberItem field="auto_complete_days" label="收货后自动完成" unit="天" min={0} max={30} />
      <Divider titlePlacement="start">售后</Divider>
      <NumberItem field="after_sale_days" label="完成后可申请售后" unit="天" min={1} max={90} />
      <NumberItem field="auto_agree_days" label="商家未处理自动同意" unit="天" min={1} max={30} />
      <NumberItem field="return_close_days" label="买家未退货自动关闭" unit="天" min={1} max={30} />
      <Divider titlePlacement="start">评价</Divider>
      <Form.Item label="允许评价" name="evaluate_status">
        <SwitchField />
      </Form.Item>
      <Form.Item label="显示评价" name="evaluate_show">
        <SwitchField on="显示" off="隐藏" />
      </Form.Item>
      <Form.Item label="评价需审核" name="evaluate_audit" extra="开启后，新评价经审核通过才会显示">
        <SwitchField />
      </Form.Item>
    </SettingsForm>
  );
}
