import { useState } from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { Button, Result } from "antd";
import type { MemberInfo } from "@shop/contract";
import { Link } from "../../components/chrome/Link.tsx";
import { PasswordFlow } from "../../components/member/security/PasswordFlow.tsx";
import { MobileFlow } from "../../components/member/security/MobileFlow.tsx";
import { PayPasswordFlow } from "../../components/member/security/PayPasswordFlow.tsx";
import { securityCss } from "../../components/member/security/security-css.ts";
import {
  FLOW_TITLES, NEEDS_MOBILE, SECURITY_PATH, parseSecurityType, securityFlow, securityHref, type SecurityFlow,
} from "../../components/member/security/security-view.ts";
import { useLayoutMember } from "../../components/member/useLayoutMember.ts";
import { loadRegisterConfig } from "../../lib/auth.ts";
import type { PasswordPolicy } from "../../lib/password-rules.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import authCss from "../../styles/auth.css?url";
import type { Route } from "./+types/security-security";

// auth.css: the captcha, SMS code and password fields look as on the login pages.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: authCss },
  { rel: "stylesheet", href: securityCss },
];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "账户安全"), { name: "robots", content: "noindex" }];

/** The site's password policy, for the login password forms (the member layout has already checked the session). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const config = await loadRegisterConfig(context.api, request);
  return { policy: { pwd_len: config.pwd_len, pwd_complexity: config.pwd_complexity } satisfies PasswordPolicy };
}

/**
 * /member/security/security?type=password|mobile|paypassword[&way=sms|reset]: the step-by-step form
 * of the change chosen on 账户安全. Keyed by the query: a new choice starts afresh, while the flow
 * and the account as they were at the start hold until the end (the layout's member is reloaded
 * after each change, which would otherwise turn 设置 into 修改 under the 完成 step).
 */
export default function SecurityFormPage({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const member = useLayoutMember();
  const query = new URLSearchParams(location.search);
  const flow = securityFlow(parseSecurityType(query.get("type")), query.get("way"), member);
  return <SecurityForms key={location.search} flow={flow} member={member} policy={loaderData.policy} />;
}

function SecurityForms(props: { flow: SecurityFlow; member: MemberInfo; policy: PasswordPolicy }) {
  const [{ flow, member }] = useState(() => ({ flow: props.flow, member: props.member }));
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const onChanged = () => void revalidator.revalidate();

  return (
    <div className="member-panel security-form-page">
      <h1 className="member-panel-title">
        {FLOW_TITLES[flow]}
        <Link to={SECURITY_PATH} className="security-back">
          返回账户安全
        </Link>
      </h1>
      {NEEDS_MOBILE.has(flow) && !member.mobile ? (
        <Result
          className="security-needs-mobile"
          status="info"
          title="请先绑定手机号"
          subTitle="该操作需要通过已绑定手机接收动态码进行验证"
          extra={
            <Button type="primary" onClick={() => void navigate(securityHref("mobile"))}>
              去绑定手机
            </Button>
          }
        />
      ) : flow === "password-old" || flow === "password-sms" ? (
        <PasswordFlow member={member} policy={props.policy} bySms={flow === "password-sms"} onChanged={onChanged} />
      ) : flow === "mobile-bind" || flow === "mobile-change" ? (
        <MobileFlow member={member} onChanged={onChanged} />
      ) : (
        <PayPasswordFlow flow={flow} member={member} onChanged={onChanged} />
      )}
    </div>
  );
}
