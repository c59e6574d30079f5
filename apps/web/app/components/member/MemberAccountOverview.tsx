import { Link } from "../chrome/Link.tsx";
import { CheckCircleFilled, ExclamationCircleFilled } from "@ant-design/icons";
import type { MemberInfo } from "@shop/contract";
import { formatTime } from "../../lib/format.ts";
import { maskMobile } from "../../lib/mobile.ts";
import { securityHref } from "./security/security-view.ts";

/** 账户信息 on the welcome page: login password, mobile and pay password status (with a link to fix them), registration date. */
export function MemberAccountOverview({ member }: { member: MemberInfo }) {
  const rows = [
    { label: "登录密码", ok: member.password === 1, text: member.password === 1 ? "已设置" : "未设置，建议设置登录密码", action: member.password === 1 ? "修改" : "设置", to: securityHref("password") },
    { label: "绑定手机", ok: Boolean(member.mobile), text: member.mobile ? maskMobile(member.mobile) : "未绑定，绑定后可用手机号登录", action: member.mobile ? "更换" : "去绑定", to: securityHref("mobile") },
    { label: "支付密码", ok: member.pay_password === 1, text: member.pay_password === 1 ? "已设置" : "未设置，设置后余额支付更安全", action: member.pay_password === 1 ? "修改" : "设置", to: securityHref("paypassword") },
  ];
  return (
    <div className="member-panel">
      <h2 className="member-panel-title">账户信息</h2>
      <ul className="member-overview">
        {rows.map((row) => (
          <li key={row.label}>
            <span className="member-overview-label">{row.label}</span>
            <span className={row.ok ? "member-overview-ok" : "member-overview-warn"}>
              {row.ok ? <CheckCircleFilled /> : <ExclamationCircleFilled />} {row.text}
            </span>
            <Link to={row.to} className="member-overview-action" aria-label={`${row.label}：${row.action}`}>
              {row.action}
            </Link>
          </li>
        ))}
        {member.reg_time > 0 && (
          <li>
            <span className="member-overview-label">注册时间</span>
            <span>{formatTime(member.reg_time, "YYYY-MM-DD")}</span>
          </li>
        )}
      </ul>
    </div>
  );
}
