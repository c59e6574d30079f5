import { useEffect, useState } from "react";
import { App, Button, Card, Form, InputNumber, Space, Switch, Typography } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { MAX_SIGNIN_CYCLE_DAYS, type SigninConfig } from "@shop/contract/domains/signin";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import GiftCouponSelect from "./GiftCouponSelect.tsx";

interface RewardValues {
  day: number;
  point: number;
  growth: number;
  coupon_type_ids: number[];
}
interface SigninValues {
  is_enable: boolean;
  cycle_days: number;
  daily_point: number;
  daily_growth: number;
  rewards: RewardValues[];
}

const count = (label: string, max: number) => [{ required: true, type: "integer" as const, min: 0, max, message: `${label}须为 0–${max} 的整数` }];

/**
 * 签到规则 (rules as signinConfigBody): on/off, the daily reward, and the streak rewards by day of a
 * cycle of cycle_days days (day cycle_days + 1 starts over at 1). A day may appear once, within the
 * cycle, and must give something.
 */
export default function SigninConfigForm() {
  const call = useStaffCall();
  const { message } = App.useApp();
  const [form] = Form.useForm<SigninValues>();
  const [loaded, setLoaded] = useState(false);
  const [saving, setSaving] = useState(false);

  const fill = (config: SigninConfig) => form.setFieldsValue({ ...config, is_enable: config.is_enable === 1 });
  useEffect(() => {
    void call("/shopapi/membersignin/config", {}).then((config) => {
      if (!config) return;
      fill(config);
      setLoaded(true);
    });
  }, [call]); // eslint-disable-line react-hooks/exhaustive-deps -- fill only writes the form

  const save = async (values: SigninValues) => {
    setSaving(true);
    const saved = await call("/shopapi/membersignin/setconfig", {
      is_enable: values.is_enable ? 1 : 0,
      cycle_days: values.cycle_days,
      daily_point: values.daily_point ?? 0,
      daily_growth: values.daily_growth ?? 0,
      rewards: (values.rewards ?? []).map((reward) => ({ day: reward.day, point: reward.point ?? 0, growth: reward.growth ?? 0, coupon_type_ids: reward.coupon_type_ids ?? [] })),
    });
    setSaving(false);
    if (!saved) return;
    fill(saved);
    void message.success(saved.is_enable ? "签到规则已保存" : "签到规则已保存，签到已关闭");
  };

  return (
    <Form<SigninValues> form={form} layout="vertical" onFinish={(values) => void save(values)} aria-label="签到规则" disabled={!loaded} style={{ maxWidth: 860 }}>
      <Form.Item name="is_enable" label="开启签到" valuePropName="checked" extra="关闭后会员不能签到，签到页显示已关闭">
        <Switch checkedChildren="开启" unCheckedChildren="关闭" />
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item name="cycle_days" label="签到周期" extra="连续签到奖励按周期循环" rules={[{ required: true, type: "integer", min: 1, max: MAX_SIGNIN_CYCLE_DAYS, message: `签到周期须为 1–${MAX_SIGNIN_CYCLE_DAYS} 天` }]}>
          <InputNumber min={1} max={MAX_SIGNIN_CYCLE_DAYS} precision={0} addonAfter="天" />
        </Form.Item>
        <Form.Item name="daily_point" label="每日签到积分" rules={count("每日积分", 10_000)}>
          <InputNumber min={0} max={10_000} precision={0} addonAfter="积分" />
        </Form.Item>
        <Form.Item name="daily_growth" label="每日签到成长值" rules={count("每日成长值", 10_000)}>
          <InputNumber min={0} max={10_000} precision={0} addonAfter="成长值" />
        </Form.Item>
      </Space>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        连续签到奖励
      </Typography.Title>
      <Typography.Paragraph type="secondary">连续签到到周期中的第几天时，在每日奖励之外额外赠送。</Typography.Paragraph>
      <Form.List name="rewards">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Card key={field.key} size="small" style={{ marginBottom: 12 }}>
                <Space align="start" wrap>
                  <Form.Item
                    name={[field.name, "day"]}
                    label="连续签到第"
                    dependencies={["cycle_days"]}
                    rules={[
                      { required: true, type: "integer", min: 1, message: "请填写天数（至少 1）" },
                      ({ getFieldValue }) => ({
                        validator: async (_rule, day?: number) => {
                          if (!day) return;
                          const cycle = Number(getFieldValue("cycle_days"));
                          if (cycle && day > cycle) throw new Error(`超出了 ${cycle} 天的签到周期`);
                          const days = ((getFieldValue("rewards") ?? []) as RewardValues[]).map((reward) => reward?.day);
                          if (days.filter((other) => other === day).length > 1) throw new Error(`第 ${day} 天的奖励重复设置`);
                        },
                      }),
                    ]}
                  >
                    <InputNumber min={1} max={MAX_SIGNIN_CYCLE_DAYS} precision={0} addonAfter="天" style={{ width: 120 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, "point"]} label="奖励积分" rules={count("奖励积分", 100_000)}>
                    <InputNumber min={0} max={100_000} precision={0} style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, "growth"]} label="奖励成长值" rules={count("奖励成长值", 100_000)}>
                    <InputNumber min={0} max={100_000} precision={0} style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, "coupon_type_ids"]}
                    label="奖励优惠券"
                    style={{ width: 300 }}
                    dependencies={[["rewards", field.name, "point"], ["rewards", field.name, "growth"]]}
                    rules={[
                      ({ getFieldValue }) => ({
                        validator: async (_rule, ids?: number[]) => {
                          const reward = getFieldValue(["rewards", field.name]) as RewardValues | undefined;
                          if (reward && !reward.point && !reward.growth && !(ids ?? []).length) throw new Error("这一天的奖励为空：请填写积分、成长值或优惠券");
                        },
                      }),
                    ]}
                  >
                    <GiftCouponSelect max={10} aria-label="奖励优惠券" />
                  </Form.Item>
                  <Form.Item label=" ">
                    <Button icon={<DeleteOutlined />} danger onClick={() => remove(field.name)} aria-label="删除这条奖励" />
                  </Form.Item>
                </Space>
              </Card>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= MAX_SIGNIN_CYCLE_DAYS}
              onClick={() => {
                const used = new Set(((form.getFieldValue("rewards") ?? []) as RewardValues[]).map((reward) => reward?.day));
                const cycle = Number(form.getFieldValue("cycle_days")) || 1;
                let day = 1;
                while (used.has(day) && day < cycle) day += 1;
                add({ day, point: 10, growth: 0, coupon_type_ids: [] });
              }}
            >
              添加连续签到奖励
            </Button>
          </>
        )}
      </Form.List>
      <Form.Item style={{ marginTop: 24 }}>
        <Button type="primary" htmlType="submit" loading={saving}>
          保存规则
        </Button>
      </Form.Item>
    </Form>
  );
}
