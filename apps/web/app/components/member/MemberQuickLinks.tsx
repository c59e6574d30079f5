import type { ReactNode } from "react";
import { Link } from "../chrome/Link.tsx";
import {
  EnvironmentOutlined, FileTextOutlined, GiftOutlined, HeartOutlined, HistoryOutlined, SafetyOutlined,
  UserOutlined, WalletOutlined,
} from "@ant-design/icons";

const QUICK_LINKS: Array<{ label: string; to: string; icon: ReactNode }> = [
  { label: "我的订单", to: "/member/order_list", icon: <FileTextOutlined /> },
  { label: "收货地址", to: "/member/delivery_address", icon: <EnvironmentOutlined /> },
  { label: "我的优惠券", to: "/member/coupon", icon: <GiftOutlined /> },
  { label: "账户余额", to: "/member/account", icon: <WalletOutlined /> },
  { label: "我的关注", to: "/member/collection", icon: <HeartOutlined /> },
  { label: "我的足迹", to: "/member/footprint", icon: <HistoryOutlined /> },
  { label: "个人信息", to: "/member/info", icon: <UserOutlined /> },
  { label: "账户安全", to: "/member/security", icon: <SafetyOutlined /> },
];

/** A grid of shortcuts to the member pages used most. */
export function MemberQuickLinks() {
  return (
    <div className="member-panel">
      <h2 className="member-panel-title">常用功能</h2>
      <ul className="member-quick-links">
        {QUICK_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>
              <span className="member-quick-icon">{link.icon}</span>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
