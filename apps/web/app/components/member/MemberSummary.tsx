import { Avatar } from "antd";
import { UserOutlined } from "@ant-design/icons";
import { Link } from "../chrome/Link.tsx";
import type { MemberInfo } from "@shop/contract";
import { formatPrice } from "../../lib/format.ts";
import { imageUrl } from "../../lib/image.ts";
import { maskMobile } from "../../lib/mobile.ts";

/** Balance shown to the shopper: recharged balance plus withdrawable cash. */
export function totalBalance(member: Pick<MemberInfo, "balance" | "balance_money">): string {
  return formatPrice((Number(member.balance) || 0) + (Number(member.balance_money) || 0));
}

/** The welcome card: avatar, name, level and the account figures (balance, points, growth). */
export function MemberSummary({ member, defaultHead }: { member: MemberInfo; defaultHead: string }) {
  const name = member.nickname || member.username;
  const head = imageUrl(member.headimg || defaultHead);
  const figures = [
    { label: "账户余额（元）", value: totalBalance(member), to: "/member/account" },
    { label: "积分", value: String(member.point), to: "/member/my_point" },
    { label: "成长值", value: String(member.growth), to: "/member/level" },
  ];
  return (
    <div className="member-summary">
      <div className="member-summary-profile">
        <Avatar size={88} src={head || undefined} icon={head ? undefined : <UserOutlined />} className="member-summary-avatar" />
        <div className="member-summary-names">
          <p className="member-summary-greeting">
            您好，<strong>{name}</strong>，欢迎回来！
          </p>
          <p className="member-summary-meta">
            <span className="member-summary-level">{member.member_level_name || "普通会员"}</span>
            {member.username && member.nickname && <span>用户名：{member.username}</span>}
            {member.mobile && <span>手机：{maskMobile(member.mobile)}</span>}
          </p>
          <p className="member-summary-links">
            <Link to="/member/info">编辑资料</Link>
            <Link to="/member/security">账户安全</Link>
          </p>
        </div>
      </div>
      <ul className="member-summary-figures">
        {figures.map((figure) => (
          <li key={figure.label}>
            <Link to={figure.to}>
              <strong>{figure.value}</strong>
              <span>{figure.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
