import { useState } from "react";
import { Alert, App, Button, Divider, Form, Input, Space, Tag } from "antd";
import { paySettingsSchema, type GatewayTest, type PaySettings, type PaySettingsInput } from "@shop/contract/domains/admin-settings";
import SettingsForm from "../../components/settings/SettingsForm.tsx";
import SwitchField from "../../components/settings/SwitchField.tsx";
import SecretField from "../../components/settings/SecretField.tsx";
import { fieldRule } from "../../components/settings/zod-rule.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";

export function meta() {
  return [{ title: "支付设置 - 商城管理后台" }];
}

const rule = (field: keyof PaySettingsInput & string, label: string) => fieldRule(paySettingsSchema, field, label);
const SECRET_FIELDS = ["alipay_private_key", "alipay_public_key", "wechatpay_private_key", "wechatpay_api_v3_key", "wechatpay_public_key"] as const;

/** The form: identifiers as read, secrets empty (typed = replace, empty = keep). */
function toForm(data: PaySettings): PaySettingsInput {
  const { can_save_secrets: _can, env_gateways: _env, offered: _offered, ...rest } = data;
  return { ...rest, ...Object.fromEntries(SECRET_FIELDS.map((field) => [field, ""])) } as unknown as PaySettingsInput;
}

function TestButton({ payType }: { payType: "alipay" | "wechatpay" }) {
  const call = useStaffCall();
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<GatewayTest | null>(null);
  return (
    <Space orientation="vertical" style={{ width: "100%" }}>
      <Button
        loading={testing}
        onClick={async () => {
          setTesting(true);
          setResult((await call("/shopapi/config/testpay", { pay_type: payType })) ?? null);
          setTesting(false);
        }}
      >
        测试连接（使用已保存的密钥）
      </Button>
      {result && <Alert role="status" type={result.ok ? "success" : "warning"} showIcon title={result.message} />}
    </Space>
  );
}

/** 支付设置: 演示支付, Alipay and WeChat Pay v3 keys (stored encrypted, shown masked). */
export default function Page() {
  const { modal } = App.useApp();
  return (
    <SettingsForm<"/shopapi/config/pay", "/shopapi/config/setpay", PaySettingsInput>
      title="支付设置"
      read="/shopapi/config/pay"
      save="/shopapi/config/setpay"
      toForm={toForm}
      onSaved={(answer, form) => {
        form.setFieldsValue(Object.fromEntries(SECRET_FIELDS.map((field) => [field, ""])) as Partial<PaySettingsInput>);
        if (answer.tests.length) {
          modal.info({
            title: "密钥已保存，连接测试结果",
            content: answer.tests.map((test) => <Alert key={test.pay_type} style={{ marginTop: 8 }} type={test.ok ? "success" : "warning"} showIcon title={test.message} />),
          });
        }
      }}
    >
      {(_form, loaded) => (
        <>
          {!loaded.can_save_secrets && (
            <Alert style={{ marginBottom: 16 }} type="error" showIcon title="服务器未配置 CONFIG_ENCRYPTION_KEY，无法保存支付密钥" description="请在部署环境中设置至少 32 个字符的 CONFIG_ENCRYPTION_KEY 后重启（见 docs/deploy.md）。" />
          )}
          <Form.Item label="收银台当前提供">
            <Space wrap>
              {loaded.offered.length ? loaded.offered.map((method) => <Tag key={method.name}>{method.title}</Tag>) : <Tag color="red">无可用支付方式</Tag>}
              {loaded.env_gateways.length > 0 && <span>（环境变量配置：{loaded.env_gateways.join("、")}）</span>}
            </Space>
          </Form.Item>
          <Divider titlePlacement="start">演示支付</Divider>
          <Form.Item label="演示支付" name="demo_pay" extra="商城内置的演示付款方式：顾客确认即视为已付款，不产生真实扣款。仅用于演示与测试，正式营业前请关闭。">
            <SwitchField />
          </Form.Item>
          <Divider titlePlacement="start">支付宝（电脑网站支付）</Divider>
          <Form.Item label="启用支付宝" name="alipay_is_open">
            <SwitchField />
          </Form.Item>
          <Form.Item label="APPID" name="alipay_app_id" rules={[rule("alipay_app_id", "支付宝 APPID")]}>
            <Input maxLength={32} autoComplete="off" />
          </Form.Item>
          <Form.Item label="应用私钥" name="alipay_private_key" rules={[rule("alipay_private_key", "应用私钥")]}>
            <SecretField multiline masked={loaded.alipay_private_key.masked} aria-label="支付宝应用私钥" />
          </Form.Item>
          <Form.Item label="支付宝公钥" name="alipay_public_key" rules={[rule("alipay_public_key", "支付宝公钥")]}>
            <SecretField multiline masked={loaded.alipay_public_key.masked} aria-label="支付宝公钥" />
          </Form.Item>
          <Form.Item label=" " colon={false}>
            <TestButton payType="alipay" />
          </Form.Item>
          <Divider titlePlacement="start">微信支付（APIv3 Native 扫码）</Divider>
          <Form.Item label="启用微信支付" name="wechatpay_is_open">
            <SwitchField />
          </Form.Item>
          <Form.Item label="AppID" name="wechatpay_app_id" rules={[rule("wechatpay_app_id", "微信支付 AppID")]}>
            <Input maxLength={32} autoComplete="off" />
          </Form.Item>
          <Form.Item label="商户号" name="wechatpay_mch_id" rules={[rule("wechatpay_mch_id", "商户号")]}>
            <Input maxLength={32} autoComplete="off" />
          </Form.Item>
          <Form.Item label="商户证书序列号" name="wechatpay_serial_no" rules={[rule("wechatpay_serial_no", "商户证书序列号")]}>
            <Input maxLength={64} autoComplete="off" />
          </Form.Item>
          <Form.Item label="商户私钥" name="wechatpay_private_key" rules={[rule("wechatpay_private_key", "商户私钥")]} extra="apiclient_key.pem 的内容">
            <SecretField multiline masked={loaded.wechatpay_private_key.masked} aria-label="微信支付商户私钥" />
          </Form.Item>
          <Form.Item label="APIv3 密钥" name="wechatpay_api_v3_key" rules={[rule("wechatpay_api_v3_key", "APIv3 密钥")]}>
            <SecretField masked={loaded.wechatpay_api_v3_key.masked} aria-label="微信支付 APIv3 密钥" />
          </Form.Item>
          <Form.Item label="微信支付公钥" name="wechatpay_public_key" rules={[rule("wechatpay_public_key", "微信支付公钥")]} extra="可选；不填则首次使用时下载平台证书">
            <SecretField multiline masked={loaded.wechatpay_public_key.masked} aria-label="微信支付公钥" />
          </Form.Item>
          <Form.Item label="公钥 ID" name="wechatpay_public_key_id" rules={[rule("wechatpay_public_key_id", "公钥 ID")]}>
            <Input maxLength={64} autoComplete="off" placeholder="PUB_KEY_ID_…" />
          </Form.Item>
          <Form.Item label=" " colon={false}>
            <TestButton payType="wechatpay" />
          </Form.Item>
        </>
      )}
    </SettingsForm>
  );
}
