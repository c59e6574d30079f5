import { Divider, Form, InputNumber } from "antd";
import { pointsSettingsSchema, type PointsSettings } from "@shop/contract/domains/admin-settings";
import SettingsForm from "../../components/settings/SettingsForm.tsx";
import SwitchField from "../../components/settings/SwitchField.tsx";
import { fieldRule } from "../../components/settings/zod-rule.ts";

export function meta() {
  return [{ title: "积分与余额 - 商城管理后台" }];
}

/** 积分与余额: points paying part of an order, and the balance as a payment method. */
export default function Page() {
  return (
    <SettingsForm<"/shopapi/config/points", "/shopapi/config/setpoints", PointsSettings> title="积分与余额" read="/shopapi/config/points" save="/shopapi/config/setpoints">
      <Divider titlePlacement="start">积分抵扣</Divider>
      <Form.Item label="积分抵扣" name="is_enable" extra="开启后，会员下单时可用积分抵扣部分货款">
        <SwitchField />
      </Form.Item>
      <Form.Item label="抵扣比例" name="points_per_yuan" required rules={[fieldRule(pointsSettingsSchema, "points_per_yuan", "抵扣比例")]} extra="多少积分抵扣 1 元">
        <InputNumber min={1} max={10000} precision={0} addonAfter="积分 = ¥1.00" />
      </Form.Item>
      <Form.Item label="最多抵扣" name="max_percent" required rules={[fieldRule(pointsSettingsSchema, "max_percent", "最多抵扣")]} extra="积分最多抵扣商品金额的百分比">
        <InputNumber min={1} max={100} precision={0} addonAfter="%" />
      </Form.Item>
      <Divider titlePlacement="start">余额</Divider>
      <Form.Item label="余额支付" name="balance_enable" extra="关闭后收银台不再提供余额支付（充值仍可用其他方式支付）">
        <SwitchField />
      </Form.Item>
    </SettingsForm>
  );
}
