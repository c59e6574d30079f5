import { App, Form, Input } from "antd";
import { z } from "zod";
import { memberAddressFields, type StaffOrderDetail } from "@shop/contract";
import FormDrawer from "../catalog/FormDrawer.tsx";
import RegionCascader from "../catalog/RegionCascader.tsx";
import { zodRule } from "../settings/zod-rule.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";

interface ReceiverValues {
  name: string;
  mobile: string;
  telephone: string;
  region: number[];
  address: string;
}

/** 修改收货地址 (/shopapi/order/editaddress): the receiver of an order nothing of which has shipped yet. */
export default function ReceiverDrawer(props: { order: StaffOrderDetail; open: boolean; onClose: () => void; onSaved: () => void }) {
  const { order, open, onClose, onSaved } = props;
  const call = useStaffCall();
  const { message } = App.useApp();
  const submit = async ({ region, ...values }: ReceiverValues) => {
    const [province_id = 0, city_id = 0, district_id = 0] = region ?? [];
    const saved = await call("/shopapi/order/editaddress", { order_id: order.order_id, ...values, province_id, city_id, district_id });
    if (saved === undefined) return false;
    void message.success("收货地址已修改");
    onSaved();
    return true;
  };
  return (
    <FormDrawer<ReceiverValues>
      title="修改收货地址"
      open={open}
      onClose={onClose}
      onSubmit={submit}
      initialValues={{ name: order.name, mobile: order.mobile, telephone: order.telephone, region: order.province_id ? [order.province_id, order.city_id, order.district_id] : [], address: order.address }}
    >
      <Form.Item name="name" label="收货人" rules={[{ required: true, message: "请输入收货人姓名" }, zodRule(memberAddressFields.name, "收货人")]}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="mobile" label="手机号" rules={[{ required: true, message: "请输入手机号" }, zodRule(memberAddressFields.mobile, "手机号")]}>
        <Input maxLength={11} />
      </Form.Item>
      <Form.Item name="telephone" label="固定电话" rules={[zodRule(memberAddressFields.telephone, "固定电话")]}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="region" label="所在地区" rules={[zodRule(z.array(z.number()).length(3, "请选择省市区"), "所在地区", (value) => value ?? [])]}>
        <RegionCascader aria-label="所在地区" />
      </Form.Item>
      <Form.Item name="address" label="详细地址" rules={[{ required: true, message: "请输入详细地址" }, zodRule(memberAddressFields.address, "详细地址")]}>
        <Input maxLength={100} />
      </Form.Item>
    </FormDrawer>
  );
}
