import { useState } from "react";
import { Alert, Button, Divider, Form, Input, Radio, Space } from "antd";
import { SMS_MESSAGE_TYPES, smsSettingsSchema, type SmsMessageType, type SmsSettingsInput, type SmsTestResult } from "@shop/contract/domains/admin-settings";
import SettingsForm from "../../components/settings/SettingsForm.tsx";
import SecretField from "../../components/settings/SecretField.tsx";
import { zodRule } from "../../components/settings/zod-rule.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";

export function meta() {
  return [{ title: "短信设置 - 商城管理后台" }];
}

const shape = smsSettingsSchema.shape;
const PROVIDERS = [
  { value: "outbox", label: "开发通道（不发送，记录到日志）" },
  { value: "aliyun", label: "阿里云短信" },
  { value: "tencent", label: "腾讯云短信" },
];

/** 测试发送 through the saved provider. */
function TestSend() {
  const call = useStaffCall();
  const [mobile, setMobile] = useState("");
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<SmsTestResult | null>(null);
  const valid = /^1\d{10}$/.test(mobile);
  return (
    <Space orientation="vertical" style={{ width: "100%" }}>
      <Space.Compact style={{ width: "100%" }}>
        <Input aria-label="测试手机号" placeholder="接收测试短信的手机号" value={mobile} maxLength={11} onChange={(event) => setMobile(event.target.value.trim())} />
        <Button
          disabled={!valid}
          loading={sending}
          onClick={async () => {
            setSending(true);
            setResult((await call("/shopapi/config/testsms", { mobile, type: "register" })) ?? null);
            setSending(false);
          }}
        >
          测试发送
        </Button>
      </Space.Compact>
      {result && <Alert role="status" type={result.ok ? "success" : "warning"} showIcon title={result.message} />}
    </Space>
  );
}

/** 短信设置: the provider of verification codes, its keys (encrypted, masked), sign and templates. */
export default function Page() {
  return (
    <SettingsForm<"/shopapi/config/sms", "/shopapi/config/setsms", SmsSettingsInput>
      title="短信设置"
      read="/shopapi/config/sms"
      save="/shopapi/config/setsms"
      toForm={({ can_save_secrets: _can, access_key_secret: _secret, ...rest }) => ({ ...rest, access_key_secret: "" })}
      onSaved={(_answer, form) => form.setFieldValue("access_key_secret", "")}
    >
      {(form, loaded) => (
        <>
          {!loaded.can_save_secrets && <Alert style={{ marginBottom: 16 }} type="error" showIcon title="服务器未配置 CONFIG_ENCRYPTION_KEY，无法保存短信密钥" />}
          <Form.Item label="短信服务商" name="provider" rules={[zodRule(shape.provider, "短信服务商")]}>
            <Radio.Group options={PROVIDERS} />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(before: SmsSettingsInput, after: SmsSettingsInput) => before.provider !== after.provider}>
            {() => {
              const provider = form.getFieldValue("provider") as SmsSettingsInput["provider"];
              if (provider === "outbox") return <Alert style={{ marginBottom: 16 }} type="info" showIcon title="验证码不会真正发出，只记录在 sms_outbox 表和服务日志中，适用于开发与演示。" />;
              return (
                <>
                  <Form.Item label={provider === "aliyun" ? "AccessKey ID" : "SecretId"} name="access_key_id" required rules={[zodRule(shape.access_key_id, "AccessKey ID")]}>
                    <Input maxLength={64} autoComplete="off" />
                  </Form.Item>
                  <Form.Item label={provider === "aliyun" ? "AccessKey Secret" : "SecretKey"} name="access_key_secret" rules={[zodRule(shape.access_key_secret, "AccessKey Secret")]}>
                    <SecretField masked={loaded.access_key_secret.masked} aria-label="AccessKey Secret" />
                  </Form.Item>
                  {provider === "tencent" && (
                    <>
                      <Form.Item label="SdkAppId" name="sdk_app_id" required rules={[zodRule(shape.sdk_app_id, "SdkAppId")]}>
                        <Input maxLength={20} />
                      </Form.Item>
                      <Form.Item label="地域" name="region" rules={[zodRule(shape.region, "地域")]}>
                        <Input maxLength={32} placeholder="ap-guangzhou" />
                      </Form.Item>
                    </>
                  )}
                  <Form.Item label="短信签名" name="sign_name" required rules={[zodRule(shape.sign_name, "短信签名")]}>
                    <Input maxLength={20} />
                  </Form.Item>
                  <Divider titlePlacement="start">短信模板</Divider>
                  <Alert style={{ marginBottom: 16 }} type="info" showIcon title={provider === "aliyun" ? "模板变量请使用 ${code}" : "模板变量请使用 {1}（验证码）"} />
                  {(Object.keys(SMS_MESSAGE_TYPES) as SmsMessageType[]).map((type) => (
                    <Form.Item key={type} label={SMS_MESSAGE_TYPES[type]} name={["templates", type]} rules={[zodRule(shape.templates.shape[type], "模板编号")]}>
                      <Input maxLength={50} placeholder={provider === "aliyun" ? "SMS_123456789" : "1234567"} />
                    </Form.Item>
                  ))}
                </>
              );
            }}
          </Form.Item>
          <Divider titlePlacement="start">测试</Divider>
          <Form.Item label="测试发送" extra="使用已保存的配置发送一条注册验证码">
            <TestSend />
          </Form.Item>
        </>
      )}
    </SettingsForm>
  );
}
