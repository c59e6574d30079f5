import { useRef, useState } from "react";
import { App, Button, Checkbox, Form, Input } from "antd";
import { consigneeName, detailAddress, mobile, telephone, type MemberAddress } from "@shop/contract";
import { useMemberCall } from "../../lib/api-errors.ts";
import { zodRule } from "../../lib/form-rules.ts";
import { RegionSelect } from "./RegionSelect.tsx";
import { missingRegionMessage, type RegionValue } from "./region-options.ts";

export interface AddressFormProps {
  /** The address being edited; absent for a new one. */
  initial?: MemberAddress;
  /** After a successful add/edit, with the address id. */
  onSaved: (addressId: number) => void;
  onCancel?: () => void;
  submitText?: string;
}

interface AddressFormValues {
  name: string;
  mobile: string;
  telephone: string;
  region: RegionValue;
  address: string;
  is_default: boolean;
}

const valuesOf = (address: MemberAddress | undefined): Partial<AddressFormValues> =>
  address
    ? {
        name: address.name,
        mobile: address.mobile,
        telephone: address.telephone,
        region: { province_id: address.province_id, city_id: address.city_id, district_id: address.district_id },
        address: address.address,
        is_default: address.is_default === 1,
      }
    : { region: {}, is_default: false };

/**
 * The region is complete. Before the first submit a half-chosen region is not an error yet (the
 * shopper is still choosing the next level); after it, the message names the level still missing.
 */
const regionRule = (submitted: { current: boolean }) => ({
  validator: async (_rule: unknown, value: RegionValue | undefined) => {
    const missing = missingRegionMessage(value);
    if (missing && submitted.current) throw new Error(missing);
  },
});

/**
 * Add or edit a delivery address (收货人, 手机, 固定电话, 所在地区, 详细地址, 设为默认). It calls
 * /api/memberaddress/add or edit itself; the fields use the contract's rules, so the browser shows
 * the same limits the server enforces. Used by /member/address_edit and the checkout page.
 */
export function AddressForm({ initial, onSaved, onCancel, submitText = "保存" }: AddressFormProps) {
  const [form] = Form.useForm<AddressFormValues>();
  const call = useMemberCall();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const submitted = useRef(false);
  const isDefault = initial?.is_default === 1;

  const save = async (values: AddressFormValues) => {
    const body = {
      name: values.name,
      mobile: values.mobile,
      telephone: values.telephone ?? "",
      province_id: values.region.province_id!,
      city_id: values.region.city_id!,
      district_id: values.region.district_id!,
      address: values.address,
      is_default: values.is_default ? 1 : 0,
      // Kept as they were: the form has no map picker.
      longitude: initial?.longitude ?? "",
      latitude: initial?.latitude ?? "",
    };
    setSaving(true);
    try {
      const id = initial ? await call("/api/memberaddress/edit", { ...body, id: initial.id }) : await call("/api/memberaddress/add", body);
      if (id === undefined) return;
      void message.success("收货地址已保存");
      onSaved(id);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      className="address-form"
      layout="horizontal"
      labelCol={{ flex: "96px" }}
      wrapperCol={{ flex: "auto" }}
      initialValues={valuesOf(initial)}
      onFinish={save}
      // Before validation runs (button or Enter): from now on a half-chosen region is an error.
      onSubmitCapture={() => (submitted.current = true)}
      requiredMark
    >
      <Form.Item label="收货人" name="name" rules={[zodRule(consigneeName)]} required>
        <Input maxLength={20} placeholder="收货人姓名" autoComplete="name" />
      </Form.Item>
      <Form.Item
        label="手机"
        name="mobile"
        rules={[{ required: true, message: "请输入手机号" }, zodRule(mobile)]}
        validateFirst
        validateTrigger="onBlur"
        required
      >
        <Input maxLength={11} inputMode="numeric" placeholder="11 位手机号" autoComplete="tel" />
      </Form.Item>
      <Form.Item label="固定电话" name="telephone" rules={[zodRule(telephone)]} validateTrigger="onBlur">
        <Input maxLength={20} placeholder="选填，如 0755-86013388" />
      </Form.Item>
      <Form.Item label="所在地区" name="region" rules={[regionRule(submitted)]} required>
        <RegionSelect />
      </Form.Item>
      <Form.Item label="详细地址" name="address" rules={[zodRule(detailAddress)]} required>
        <Input.TextArea maxLength={100} showCount autoSize={{ minRows: 2, maxRows: 4 }} placeholder="街道、楼栋、门牌号等" />
      </Form.Item>
      <Form.Item name="is_default" valuePropName="checked" label=" " colon={false}>
        <Checkbox disabled={isDefault}>{isDefault ? "默认收货地址（设置其他地址为默认后取消）" : "设为默认收货地址"}</Checkbox>
      </Form.Item>
      <Form.Item label=" " colon={false} className="address-form-actions">
        <Button type="primary" htmlType="submit" loading={saving}>
          {submitText}
        </Button>
        {onCancel && <Button onClick={onCancel}>取消</Button>}
      </Form.Item>
    </Form>
  );
}
