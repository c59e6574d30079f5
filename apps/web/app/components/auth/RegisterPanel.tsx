import { Empty, Tabs } from "antd";
import { authMethods, type AuthPageConfig } from "../../lib/auth.ts";
import { MobileRegisterForm } from "./MobileRegisterForm.tsx";
import { UsernameRegisterForm } from "./UsernameRegisterForm.tsx";

/** 用户名注册 / 手机号注册 tabs, as enabled by register config `register` ("username,mobile"). */
export function RegisterPanel({ config }: { config: AuthPageConfig }) {
  const methods = authMethods(config.register);
  if (!methods) return <Empty description="本站暂未开放注册" />;
  const showAgreement = config.agreement_show !== 0;
  const items = [
    methods.has("username") && {
      key: "username",
      label: "用户名注册",
      children: <UsernameRegisterForm policy={config} showAgreement={showAgreement} captchaOn={config.shop_reception_register === 1} />,
    },
    methods.has("mobile") && {
      key: "mobile",
      label: "手机号注册",
      children: <MobileRegisterForm policy={config} showAgreement={showAgreement} />,
    },
  ].filter((item) => item !== false);
  return <Tabs className="auth-tabs auth-register-tabs" centered items={items} />;
}
