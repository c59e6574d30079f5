import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Alert, App, Button, Card, DatePicker, Form, Input, InputNumber, Radio, Space, Spin, Switch } from "antd";
import { couponTypeBody, MAX_COUPON_COUNT, MAX_COUPON_TERM_DAYS } from "@shop/contract/domains/coupon";
import ConsolePage from "../../components/ConsolePage.tsx";
import { CategoryPicker, GoodsPicker } from "../../components/content/pickers.tsx";
import { couponBody, formValuesOf, NEW_COUPON, type CouponFormValues } from "../../components/marketing/coupon-form.ts";
import { zodRule } from "../../components/settings/zod-rule.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";

export function meta() {
  return [{ title: "编辑优惠券 - 商城管理后台" }];
}

const fields = couponTypeBody.shape;
const required = (message: string) => ({ required: true, message });
/** A field the server takes as optional: empty is left to the `required` rule beside it. */
const optionalRule = (schema: Parameters<typeof zodRule>[0], label: string) => zodRule(schema, label, (value) => (value === "" || value === null ? undefined : value));

/** /marketing/coupon/edit[/:couponTypeId]: a coupon type's form (满减 or 折扣, threshold, goods scope, validity, totals, limits). */
export default function CouponEditPage() {
  const editing = Number(useParams().couponTypeId) || 0;
  const call = useStaffCall();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<CouponFormValues>();
  const [loading, setLoading] = useState(editing > 0);
  const [saving, setSaving] = useState(false);
  // Once coupons were given out, what they are worth and apply to is frozen (the server refuses changes).
  const [given, setGiven] = useState(0);
  const kind = Form.useWatch("type", form) ?? "reward";
  const goodsType = Form.useWatch("goods_type", form) ?? 1;
  const validityType = Form.useWatch("validity_type", form) ?? 1;

  useEffect(() => {
    if (!editing) return;
    void call("/shopapi/coupon/detail", { coupon_type_id: editing }).then((type) => {
      setLoading(false);
      if (!type) return;
      form.setFieldsValue(formValuesOf(type));
      setGiven(type.lead_count);
    });
  }, [editing, call, form]);

  const save = async (values: CouponFormValues) => {
    setSaving(true);
    const body = couponBody(values);
    const saved = editing ? await call("/shopapi/coupon/edit", { ...body, coupon_type_id: editing }) : await call("/shopapi/coupon/add", body);
    setSaving(false);
    if (!saved) return;
    void message.success(editing ? "优惠券已保存" : `优惠券「${body.coupon_name}」已添加`);
    void navigate("/marketing/coupon");
  };

  const frozen = given > 0;
  return (
    <ConsolePage title={editing ? "编辑优惠券" : "添加优惠券"} extra={<Link to="/marketing/coupon">返回优惠券列表</Link>}>
      <Spin spinning={loading}>
        <Form<CouponFormValues> form={form} layout="horizontal" labelCol={{ flex: "140px" }} initialValues={NEW_COUPON} onFinish={(values) => void save(values)} aria-label="优惠券" style={{ maxWidth: 820 }}>
          {frozen && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={`已发放 ${given} 张：优惠内容和适用商品不能再修改，可修改名称、数量、有效期、展示和排序`} />}
          <Card title="优惠内容" size="small" style={{ marginBottom: 16 }}>
            <Form.Item name="coupon_name" label="优惠券名称" rules={[zodRule(fields.coupon_name, "优惠券名称")]}>
              <Input maxLength={30} showCount autoFocus placeholder="如：满200减30" />
            </Form.Item>
            <Form.Item name="type" label="优惠券类型">
              <Radio.Group disabled={frozen} options={[{ value: "reward", label: "满减券" }, { value: "discount", label: "折扣券" }]} />
            </Form.Item>
            {kind === "reward" ? (
              <Form.Item name="money" label="减免金额" rules={[required("请填写满减金额"), optionalRule(fields.money, "减免金额")]}>
                <Input prefix="¥" disabled={frozen} style={{ width: 200 }} placeholder="如 30" />
              </Form.Item>
            ) : (
              <>
                <Form.Item name="discount" label="折扣" extra="0.1–9.9 折，如 8.5 表示按 85% 付款" rules={[required("请填写折扣"), optionalRule(fields.discount, "折扣")]}>
                  <Input suffix="折" disabled={frozen} style={{ width: 200 }} />
                </Form.Item>
                <Form.Item name="discount_limit" label="最多优惠" extra="0 表示不封顶" rules={[zodRule(fields.discount_limit, "最多优惠")]}>
                  <Input prefix="¥" disabled={frozen} style={{ width: 200 }} />
                </Form.Item>
              </>
            )}
            <Form.Item
              name="at_least"
              label="使用门槛"
              extra="适用商品满此金额可用，0 表示无门槛"
              dependencies={["money", "type"]}
              rules={[
                zodRule(fields.at_least, "使用门槛"),
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: string) => {
                    const money = Number(getFieldValue("money"));
                    if (getFieldValue("type") === "reward" && Number(value) > 0 && money > Number(value)) throw new Error("满减金额不能大于使用门槛");
                  },
                }),
              ]}
            >
              <Input prefix="满 ¥" disabled={frozen} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="goods_type" label="适用商品">
              <Radio.Group disabled={frozen} options={[{ value: 1, label: "全场通用" }, { value: 2, label: "指定商品" }, { value: 3, label: "指定分类" }]} />
            </Form.Item>
            {goodsType === 2 && (
              <Form.Item name="goods_ids" label="选择商品" rules={[{ required: true, type: "array", min: 1, message: "请选择适用的商品" }]}>
                <GoodsPicker label="适用商品" max={200} />
              </Form.Item>
            )}
            {goodsType === 3 && (
              <Form.Item name="category_ids" label="选择分类" rules={[{ required: true, type: "array", min: 1, message: "请选择适用的分类" }]}>
                <CategoryPicker label="适用分类" max={200} />
              </Form.Item>
            )}
          </Card>
          <Card title="发放与使用" size="small" style={{ marginBottom: 16 }}>
            <Form.Item name="validity_type" label="有效期">
              <Radio.Group options={[{ value: 1, label: "领取后若干天内有效" }, { value: 0, label: "固定时间段" }]} />
            </Form.Item>
            {validityType === 1 ? (
              <Form.Item name="fixed_term" label="有效天数" rules={[required("请填写领取后的有效天数"), optionalRule(fields.fixed_term, "有效天数")]}>
                <InputNumber min={1} max={MAX_COUPON_TERM_DAYS} precision={0} addonAfter="天" />
              </Form.Item>
            ) : (
              <Form.Item
                name="window"
                label="有效时间"
                rules={[
                  required("请填写有效期的开始和结束时间"),
                  { validator: async (_rule, value?: [{ unix(): number }, { unix(): number }]) => { if (value && value[1].unix() <= Date.now() / 1000) throw new Error("有效期结束时间须晚于现在"); } },
                ]}
              >
                <DatePicker.RangePicker showTime={{ format: "HH:mm" }} format="YYYY-MM-DD HH:mm" placeholder={["开始时间", "结束时间"]} />
              </Form.Item>
            )}
            <Form.Item name="count" label="发放总量" extra={frozen ? `不能少于已发放的 ${given} 张；0 表示不限` : "0 表示不限"} rules={[zodRule(fields.count, "发放总量")]}>
              <InputNumber min={0} max={MAX_COUPON_COUNT} precision={0} addonAfter="张" />
            </Form.Item>
            <Form.Item name="max_fetch" label="每人限领" extra="0 表示不限" rules={[zodRule(fields.max_fetch, "每人限领")]}>
              <InputNumber min={0} max={999} precision={0} addonAfter="张" />
            </Form.Item>
            <Form.Item name="is_show" label="领券中心展示" valuePropName="checked" extra="关闭后会员不能自己领取，只能由商家发放或作为奖励赠送">
              <Switch />
            </Form.Item>
            <Form.Item name="sort" label="排序" extra="小的在前" rules={[zodRule(fields.sort, "排序")]}>
              <InputNumber min={0} max={9999} precision={0} />
            </Form.Item>
          </Card>
          <Space style={{ marginLeft: 140 }}>
            <Button type="primary" htmlType="submit" loading={saving}>
              保存
            </Button>
            <Link to="/marketing/coupon">取消</Link>
          </Space>
        </Form>
      </Spin>
    </ConsolePage>
  );
}
