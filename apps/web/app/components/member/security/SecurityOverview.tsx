import type { ReactNode } from "react";
import { LockOutlined, MobileOutlined, SafetyCertificateOutlined, WalletOutlined } from "@ant-design/icons";
import type { MemberInfo } from "@shop/contract";
import { Link } from "../../chrome/Link.tsx";
import { maskMobile } from "../../../lib/mobile.ts";
import { securityHref, securityLevel } from "./security-view.ts";

interface SecurityItem {
  key: string;
  icon: ReactNode;
  title: string;
  set: boolean;
  state: string;
  description: string;
  actions: Array<{ label: string; to: string }>;
}

function securityItems(member: Pick<MemberInfo, "password" | "mobile" | "pay_password">): SecurityItem[] {
  return [
    {
      key: "password",
      icon: <LockOutlined />,
      title: "登录密码",
      set: member.password === 1,
      state: member.password === 1 ? "已设置" : "未设置",
      description: member.password === 1 ? "建议定期更换，使用字母和数字组合的密码" : "设置后可使用用户名或手机号加密码登录",
      actions: [{ label: member.password === 1 ? "修改" : "设置", to: securityHref("password") }],
    },
    {
      key: "mobile",
      icon: <MobileOutlined />,
      title: "绑定手机",
      set: Boolean(member.mobile),
      state: member.mobile ? `已绑定 ${maskMobile(member.mobile)}` : "未绑定",
      description: member.mobile ? "可用于动态码登录、找回密码和支付密码" : "绑定后可使用手机号登录，并用于找回密码",
      actions: [{ label: member.mobile ? "更换" : "绑定", to: securityHref("mobile") }],
    },
    {
      key: "paypassword",
      icon: <WalletOutlined />,
      title: "支付密码",
      set: member.pay_password === 1,
      state: member.pay_password === 1 ? "已设置" : "未设置",
      description: member.pay_password === 1 ? "使用账户余额支付时需输入支付密码" : "设置后，使用账户余额支付需输入支付密码，保障余额安全",
      actions:
        member.pay_password === 1
          ? [
              { label: "修改", to: securityHref("paypassword") },
              ...(member.mobile ? [{ label: "找回", to: securityHref("paypassword", "reset") }] : []),
            ]
          : [{ label: "设置", to: securityHref("paypassword") }],
    },
  ];
}

/** /member/security: the security grade, then login password, mobile and pay password, each with its state and what can be done. */
export function SecurityOverview({ member }: { member: Pick<MemberInfo, "password" | "mobile" | "pay_password"> }) {
  const level = securityLevel(member);
  return (
    <>
      <div className={`security-level security-level-${level.score}`}>
        <SafetyCertificateOutlined className="security-level-icon" />
        <span>
          安全等级：<strong>{level.name}</strong>
        </span>
        <span className="security-level-bar" aria-hidden>
          <i />
        </span>
        <span className="security-level-hint">{level.score === 3 ? "您的账户已得到全面保护" : "完善以下安全设置，提升账户安全"}</span>
      </div>
      <ul className="security-list">
        {securityItems(member).map((item) => (
          <li key={item.key} className="security-item">
            <span className={item.set ? "security-item-icon is-set" : "security-item-icon"}>{item.icon}</span>
            <span className="security-item-title">{item.title}</span>
            <span className={item.set ? "security-item-state is-set" : "security-item-state"}>{item.state}</span>
            <span className="security-item-description">{item.description}</span>
            <span className="security-item-actions">
              {item.actions.map((action) => (
                <Link key={action.label} to={action.to} aria-label={`${item.title}：${action.label}`}>
                  {action.label}
                </Link>
              ))}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
