import { Tabs } from "antd";
import { useSearchParams } from "react-router";
import { Link } from "../chrome/Link.tsx";
import { authMethods, withRedirect } from "../../lib/auth.ts";
import { AccountLoginForm } from "./AccountLoginForm.tsx";
import { MobileLoginForm } from "./MobileLoginForm.tsx";

/** The white login box: 账号登录 / 手机动态码登录 tabs and the 忘记密码 / 免费注册 links. */
export function LoginPanel({ loginMethods, captchaOn }: { loginMethods: string | undefined; captchaOn: boolean }) {
  const [searchParams] = useSearchParams();
  const methods = authMethods(loginMethods) ?? new Set(["username", "mobile"]);
  // Keep the way back when the shopper goes to register instead.
  const redirect = searchParams.get("redirect");
  const registerLink = withRedirect("/auth/register", redirect);
  const items = [
    methods.has("username") && { key: "account", label: "账号登录", children: <AccountLoginForm captchaOn={captchaOn} /> },
    methods.has("mobile") && { key: "mobile", label: "手机动态码登录", children: <MobileLoginForm /> },
  ].filter((item) => item !== false);

  return (
    <div className="auth-login-panel">
      <Tabs className="auth-tabs" centered items={items} />
      <div className="auth-login-links">
        <Link to="/auth/find">忘记密码</Link>
        <Link to={registerLink} className="auth-login-register">
          免费注册
        </Link>
      </div>
    </div>
  );
}
