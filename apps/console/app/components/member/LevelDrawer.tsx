import { App, Form, Input, InputNumber, Switch } from "antd";
import { MAX_LEVEL_GROWTH, type StaffMemberLevel } from "@shop/contract/domains/member-level";
import FormDrawer from "../catalog/FormDrawer.tsx";
import { maxLength, requiredName, yuanRules } from "../catalog/rules.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import GiftCouponSelect from "./GiftCouponSelect.tsx";

interface LevelValues {
  level_name: string;
  growth: number;
  consume_discount: number;
  is_free_shipping: boolean;
  send_point: number;
  send_balance: string;
  send_coupon: number[];
  remark: string;
  sort: number;
}

function initialOf(level: StaffMemberLevel | null): LevelValues {
  if (!level) return { level_name: "", growth: 100, consume_discount: 100, is_free_shipping: false, send_point: 0, send_balance: "0.00", send_coupon: [], remark: "", sort: 0 };
  return {
    level_name: level.level_name,
    growth: level.growth,
    consume_discount: level.consume_discount,
    is_free_shipping: level.is_free_shipping === 1,
    send_point: level.send_point,
    send_balance: level.send_balance,
    send_coupon: level.send_coupon.map((coupon) => coupon.coupon_type_id),
    remark: level.remark,
    sort: level.sort,
  };
}

/** "95" → 9.5 折; 100 → 不打折. */
export const discountText = (percent: number) => (percent >= 100 ? "不打折" : `${percent / 10} 折`);

/**
 * Adds or edits a member level (rules as memberLevelFields in the contract): its growth threshold
 * (the default level stays at 0), the discount and free shipping its members get, and the gifts
 * given once on reaching it — points, balance (yuan here, cents on the server) and coupons.
 */
export default function LevelDrawer({ open, level, onClose, onSaved }: { open: boolean; level: StaffMemberLevel | null; onClose: () => void; onSaved: () => void }) {
  const call = useStaffCall();
  const { message } = App.useApp();
  const isDefault = level?.is_default === 1;

  const save = async (values: LevelValues) => {
    const body = {
      level_name: values.level_name.trim(),
      growth: values.growth,
      consume_discount: values.consume_discount,
      is_free_shipping: values.is_free_shipping ? 1 : 0,
      send_point: values.send_point ?? 0,
      send_balance: values.send_balance.trim() || "0",
      send_coupon: values.send_coupon ?? [],
      remark: (values.remark ?? "").trim(),
      sort: values.sort ?? 0,
    };
    const done = level ? await call("/shopapi/memberlevel/edit", { ...body, level_id: level.level_id }) : await call("/shopapi/memberlevel/add", body);
    if (!done) return false;
    void message.success(level ? `会员等级「${body.level_name}」已保存` : `会员等级「${body.level_name}」已添加`);
    onSaved();
    return true;
  };

  return (
    <FormDrawer<LevelValues> title={level ? "编辑会员等级" : "添加会员等级"} open={open} initialValues={initialOf(level)} onClose={onClose} onSubmit={save} width={560}>
      <Form.Item name="level_name" label="等级名称" rules={requiredName("等级名称", 20)}>
        <Input maxLength={20} showCount autoFocus placeholder="如：黄金会员" />
      </Form.Item>
      <Form.Item
        name="growth"
        label="所需成长值"
        extra={isDefault ? "默认等级是新会员的等级，所需成长值固定为 0" : "成长值达到后自动升级；各等级的成长值须不同"}
        rules={[
          { required: true, message: "请填写所需成长值" },
          { type: "integer", min: isDefault ? 0 : 1, max: isDefault ? 0 : MAX_LEVEL_GROWTH, message: isDefault ? "默认等级所需成长值须为 0" : `所需成长值须为 1–${MAX_LEVEL_GROWTH} 的整数` },
        ]}
      >
        <InputNumber precision={0} disabled={isDefault} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="consume_discount"
        label="会员折扣"
        extra="商品按原价的百分比结算：95 表示 9.5 折，100 表示不打折"
        rules={[{ required: true, type: "integer", min: 10, max: 100, message: "折扣须为 10–100 的整数" }]}
      >
        <InputNumber precision={0} addonAfter="%" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="is_free_shipping" label="快递包邮" valuePropName="checked">
        <Switch checkedChildren="包邮" unCheckedChildren="不包邮" />
      </Form.Item>
      <Form.Item name="send_point" label="升级赠送积分" rules={[{ type: "integer", min: 0, max: 1_000_000, message: "赠送积分须为 0–1000000 的整数" }]}>
        <InputNumber min={0} max={1_000_000} precision={0} addonAfter="积分" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="send_balance"
        label="升级赠送余额"
        rules={[...yuanRules("赠送余额"), { validator: async (_rule, value?: string) => { if (Number(value) > 10000) throw new Error("赠送余额不能超过 10000 元"); } }]}
      >
        <Input prefix="¥" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="send_coupon" label="升级赠送优惠券">
        <GiftCouponSelect max={10} aria-label="升级赠送优惠券" />
      </Form.Item>
      <Form.Item name="remark" label="等级说明" rules={maxLength("等级说明", 100)}>
        <Input.TextArea rows={2} maxLength={100} showCount />
      </Form.Item>
      <Form.Item name="sort" label="排序" rules={[{ type: "integer", min: 0, max: 10_000, message: "排序须为 0–10000 的整数" }]}>
        <InputNumber min={0} max={10_000} precision={0} />
      </Form.Item>
    </FormDrawer>
  );
}
