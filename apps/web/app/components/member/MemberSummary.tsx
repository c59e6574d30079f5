import { Avatar } from "antd";
import { UserOutlined } from "@ant-design/icons";
import { Link } from "../chrome/Link.tsx";
import type { MemberInfo } from "@shop/contract";
import { formatPrice } from "../../lib/format.ts";
import { imageUrl } from "../../lib/image.ts";
import { maskMobile } from "../../lib/mobile.ts";
import type { LevelProgress } from "./profile/level-progress.ts";

/** Balance shown to the shopper: recharged balance plus withdrawable cash. */
export function totalBalance(member: Pick<MemberInfo, "balance" | "balance_money">): string {
  return formatPrice((Number(member.balance) || 0) + (Number(member.balance_money) || 0));
}

interface MemberSummaryProps {
  member: MemberInfo;
  defaultHead: string;
  /** the way to the next level (null when the ladder could not be loaded) */
  level: LevelProgress | null;
  /** unused coupons (null when they could not be counted) */
  couponCount: number | null;
}

/** The welcome card: avatar, name, level and the growth to the next one, then balance, points and coupons. */
export function MemberSummary({ member, defaultHead, level, couponCount }: MemberSummaryProps) {
  const name = member.nickname || member.username;
  const head = imageUrl(member.headimg || defaultHead);
  const figures = [
    { label: "账户余额（元）", value: totalBalance(member), to: "/member/account" },
    { label: "积分", value: String(member.point), to: "/member/my_point" },
    { label: "优惠券（张）", value: couponCount === null ? "-" : String(couponCount), to: "/member/coupon" },
  ];
  return (
    <div className="member-summary">
      <div className="member-summary-profile">
        <Link to="/member/info" className="member-summary-avatar-link" aria-label="编辑头像和资料">
          <Avatar size={88} src={head || undefined} alt="" icon={head ? undefined : <UserOutlined />} className="member-summary-avatar" />
        </Link>
        <div className="member-summary-names">
          <p className="member-summary-greeting">
            您好，<strong>{name}</strong>，欢迎回来！
          </p>
          <p className="member-summary-meta">
            <Link to="/member/level" className="member-summary-level">
              {level?.levelName || member.member_level_name || "普通会员"}
            </Link>
            {member.username && member.nickname && <span>用户名：{member.username}</span>}
            {member.mobile && <span>手机：{maskMobile(member.mobile)}</span>}
          </p>
          <div className="member-summary-growth">
            <span className="member-summary-growth-text">
              成长值 {member.growth}
              {level?.next ? `，再获得 ${level.toNext} 成长值升级为${level.next.name}` : level ? "，已是最高等级" : ""}
            </span>
            <span className="member-summary-growth-bar" role="progressbar" aria-label="升级进度" aria-valuemin={0} aria-valuemax={100} aria-valuenow={level?.percent ?? 0}>
              <i className={`member-growth-${Math.round((level?.percent ?? 0) / 10)}`} />
            </span>
          </div>
          <p className="member-summary-links">
            <Link to="/member/info">编辑资料</Link>
            <Link to="/member/security">账户安全</Link>
            <Link to="/member/level">会员等级</Link>
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
