import { Checkbox, Divider, Form, Input, InputNumber } from "antd";
import { registerSettingsSchema, type RegisterSettings } from "@shop/contract/domains/admin-settings";
import CheckboxGroupField from "../../components/CheckboxGroupField.tsx";
import SettingsForm from "../../components/settings/SettingsForm.tsx";
import SwitchField from "../../components/settings/SwitchField.tsx";
import { fieldRule, zodRule } from "../../components/settings/zod-rule.ts";

export function meta() {
  return [{ title: "注册与登录 - 商城管理后台" }];
}

/** The form holds the comma lists as checkbox arrays. */
type RegisterForm = Omit<RegisterSettings, "register" | "login" | "pwd_complexity"> & { register: string[]; login: string[]; pwd_complexity: string[] };

const METHODS = [
  { value: "username", label: "用户名 + 密码" },
  { value: "mobile", label: "手机号 + 短信验证码" },
];
const COMPLEXITY = [
  { value: "number", label: "数字" },
  { value: "letter", label: "字母" },
  { value: "upper_case", label: "大写字母" },
  { value: "symbol", label: "符号" },
];

const list = (value: string) => value.split(",").filter(Boolean);
/** The rule of a comma-list field shown as checkboxes. */
const joined = (schema: typeof registerSettingsSchema.shape.register, label: string) => zodRule(schema, label, (value) => ((value as string[] | undefined) ?? []).join(","));

/** 注册与登录: how members register and sign in, password rules, the registration agreement. */
export default function Page() {
  return (
    <SettingsForm<"/shopapi/config/register", "/shopapi/config/setregister", RegisterForm>
      title="注册与登录"
      read="/shopapi/config/register"
      save="/shopapi/config/setregister"
      toForm={(data) => ({ ...data, register: list(data.register), login: list(data.login), pwd_complexity: list(data.pwd_complexity) })}
      fromForm={(values) => ({ ...values, register: values.register.join(","), login: values.login.join(","), pwd_complexity: values.pwd_complexity.join(",") })}
    >
      <Divider titlePlacement="start">注册与登录方式</Divider>
      <Form.Item label="注册方式" name="register" rules={[joined(registerSettingsSchema.shape.register, "注册方式")]} extra="都不勾选即关闭新会员注册">
        <Checkbox.Group options={METHODS} />
      </Form.Item>
      <Form.Item label="登录方式" name="login" required rules={[joined(registerSettingsSchema.shape.login, "登录方式")]}>
        <CheckboxGroupField options={METHODS} />
      </Form.Item>
      <Divider titlePlacement="start">验证码</Divider>
      <Form.Item label="密码登录验证码" name="shop_reception_login" extra="关闭后会员用账号密码登录时不再输入图形验证码（同一账号连续输错仍会被锁定）">
        <SwitchField on="开启" off="关闭" />
      </Form.Item>
      <Form.Item label="用户名注册验证码" name="shop_reception_register" extra="发送短信验证码前始终需要图形验证码，防止短信被滥发">
        <SwitchField on="开启" off="关闭" />
      </Form.Item>
      <Divider titlePlacement="start">密码规则</Divider>
      <Form.Item label="最短长度" name="pwd_len" rules={[fieldRule(registerSettingsSchema, "pwd_len", "最短长度")]}>
        <InputNumber min={6} max={20} addonAfter="位" />
      </Form.Item>
      <Form.Item label="须包含" name="pwd_complexity" rules={[joined(registerSettingsSchema.shape.pwd_complexity, "密码复杂度")]}>
        <Checkbox.Group options={COMPLEXITY} />
      </Form.Item>
      <Divider titlePlacement="start">注册协议</Divider>
      <Form.Item label="注册时显示协议" name="agreement_show">
        <SwitchField on="显示" off="不显示" />
      </Form.Item>
      <Form.Item label="协议标题" name="agreement_title" rules={[fieldRule(registerSettingsSchema, "agreement_title", "协议标题")]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item label="协议内容" name="agreement_content" rules={[fieldRule(registerSettingsSchema, "agreement_content", "协议内容")]}>
        <Input.TextArea rows={8} maxLength={20000} showCount />
      </Form.Item>
    </SettingsForm>
  );
}
