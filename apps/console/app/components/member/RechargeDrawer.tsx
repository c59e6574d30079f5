import { App, Form, Input, InputNumber, Switch } from "antd";
import { MAX_RECHARGE_CENTS, MAX_RECHARGE_COUPONS, type RechargePackage } from "@shop/contract/domains/recharge";
import FormDrawer from "../catalog/FormDrawer.tsx";
import { requiredName, yuanRules } from "../catalog/rules.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import GiftCouponSelect from "./GiftCouponSelect.tsx";

interface RechargeValues {
  recharge_name: string;
  face_value: string;
  buy_price: string;
  point: number;
  growth: number;
  coupon_id: number[];
  sort: number;
  status: boolean;
}

const MAX_YUAN = MAX_RECHARGE_CENTS / 100;

function initialOf(pack: RechargePackage | null): RechargeValues {
  if (!pack) return { recharge_name: "", face_value: "", buy_price: "", point: 0, growth: 0, coupon_id: [], sort: 0, status: true };
  return {
    recharge_name: pack.recharge_name,
    face_value: pack.face_value,
    buy_price: pack.buy_price,
    point: pack.point,
    growth: pack.growth,
    coupon_id: pack.coupon_list.map((coupon) => coupon.coupon_type_id),
    sort: pack.sort,
    status: pack.status === 1,
  };
}

/** A recharge amount's rules: the contract's (0.01 – 50000 yuan, two decimals). */
const amountRules = (label: string) => [
  ...yuanRules(label),
  { validator: async (_rule: unknown, value?: string) => { if (value && Number(value) < 0.01) throw new Error(`${label}须大于 0`); if (Number(value) > MAX_YUAN) throw new Error(`${label}不能超过 ${MAX_YUAN} 元`); } },
];

/**
 * Adds or edits a recharge package (rules as rechargePackageBody): the face value credited to the
 * balance, the price paid (never above it), bonus points, growth and coupons, and whether it is
 * offered. Orders already created keep what they were bought with.
 */
export default function RechargeDrawer({ open, pack, onClose, onSaved }: { open: boolean; pack: RechargePackage | null; onClose: () => void; onSaved: () => void }) {
  const call = useStaffCall();
  const { message } = App.useApp();

  const save = async (values: RechargeValues) => {
    const body = {
      recharge_name: values.recharge_name.trim(),
      face_value: values.face_value.trim(),
      buy_price: values.buy_price.trim(),
      point: values.point ?? 0,
      growth: values.growth ?? 0,
      coupon_id: values.coupon_id ?? [],
      sort: values.sort ?? 0,
      status: values.status ? 1 : 0,
    };
    const done = pack ? await call("/shopapi/memberrecharge/edit", { ...body, recharge_id: pack.recharge_id }) : await call("/shopapi/memberrecharge/add", body);
    if (!done) return false;
    void message.success(pack ? `充值套餐「${body.recharge_name}」已保存` : `充值套餐「${body.recharge_name}」已添加`);
    onSaved();
    return true;
  };

  return (
    <FormDrawer<RechargeValues> title={pack ? "编辑充值套餐" : "添加充值套餐"} open={open} initialValues={initialOf(pack)} onClose={onClose} onSubmit={save} width={560}>
      <Form.Item name="recharge_name" label="套餐名称" rules={requiredName("套餐名称", 30)}>
        <Input maxLength={30} showCount autoFocus placeholder="如：充 100 送 10" />
      </Form.Item>
      <Form.Item name="face_value" label="面值" extra="支付后存入会员余额的金额" rules={amountRules("面值")}>
        <Input prefix="¥" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="buy_price"
        label="售价"
        extra="会员实际支付的金额，不能高于面值"
        dependencies={["face_value"]}
        rules={[
          ...amountRules("售价"),
          ({ getFieldValue }) => ({
            validator: async (_rule, value?: string) => {
              const face = Number(getFieldValue("face_value"));
              if (value && Number.isFinite(face) && Number(value) > face) throw new Error("售价不能高于面值");
            },
          }),
        ]}
      >
        <Input prefix="¥" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="point" label="赠送积分" rules={[{ type: "integer", min: 0, max: 1_000_000, message: "赠送积分须为 0–1000000 的整数" }]}>
        <InputNumber min={0} max={1_000_000} precision={0} addonAfter="积分" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="growth" label="赠送成长值" rules={[{ type: "integer", min: 0, max: 1_000_000, message: "赠送成长值须为 0–1000000 的整数" }]}>
        <InputNumber min={0} max={1_000_000} precision={0} addonAfter="成长值" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="coupon_id" label="赠送优惠券">
        <GiftCouponSelect max={MAX_RECHARGE_COUPONS} aria-label="赠送优惠券" />
      </Form.Item>
      <Form.Item name="sort" label="排序" extra="数字小的排在前面" rules={[{ type: "integer", min: 0, max: 9999, message: "排序须为 0–9999 的整数" }]}>
        <InputNumber min={0} max={9999} precision={0} />
      </Form.Item>
      <Form.Item name="status" label="上架" valuePropName="checked">
        <Switch checkedChildren="上架" unCheckedChildren="下架" />
      </Form.Item>
    </FormDrawer>
  );
}
