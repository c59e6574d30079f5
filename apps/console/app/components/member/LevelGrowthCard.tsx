import { useEffect, useState } from "react";
import { App, Button, Card, Form, InputNumber, Typography } from "antd";
import type { GrowthConfig } from "@shop/contract/domains/member-level";
import { useStaffCall } from "../../lib/use-staff-call.ts";

/** 成长值规则: how much growth a paid order earns per whole yuan (0 = none). */
export default function LevelGrowthCard() {
  const call = useStaffCall();
  const { message } = App.useApp();
  const [form] = Form.useForm<GrowthConfig>();
  const [saving, setSaving] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    void call("/shopapi/memberlevel/growthconfig", {}).then((config) => {
      if (!config) return;
      form.setFieldsValue(config);
      setLoaded(true);
    });
  }, [call, form]);

  const save = async (values: GrowthConfig) => {
    setSaving(true);
    const saved = await call("/shopapi/memberlevel/setgrowthconfig", { order_growth_per_yuan: values.order_growth_per_yuan ?? 0 });
    setSaving(false);
    if (saved) void message.success(saved.order_growth_per_yuan ? `成长值规则已保存：每消费 1 元得 ${saved.order_growth_per_yuan} 成长值` : "成长值规则已保存：订单不再赠送成长值");
  };

  return (
    <Card title="成长值规则" size="small" style={{ marginTop: 24 }}>
      <Typography.Paragraph type="secondary">会员支付订单后按实付金额（整元）获得成长值，订单全额退款时收回；充值和签到的成长值在各自的设置中填写。</Typography.Paragraph>
      <Form<GrowthConfig> form={form} layout="inline" onFinish={(values) => void save(values)} aria-label="成长值规则" disabled={!loaded}>
        <Form.Item name="order_growth_per_yuan" label="每消费 1 元获得" rules={[{ required: true, type: "integer", min: 0, max: 100, message: "须为 0–100 的整数" }]}>
          <InputNumber min={0} max={100} precision={0} addonAfter="成长值" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            保存规则
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
