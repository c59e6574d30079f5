import { Link } from "../Link.tsx";
import { useGlobalData } from "../../../lib/global-data.ts";
import { TopBarAccount } from "./TopBarAccount.tsx";
import { SaveSiteLink } from "./SaveSiteLink.tsx";

const MEMBER_LINKS = [
  { to: "/member/order_list", label: "我的订单" },
  { to: "/member/footprint", label: "我的足迹" },
  { to: "/member/collection", label: "我的关注" },
];

/** SPEC §2 top bar: the thin full-width bar above the header. */
export function TopBar() {
  const { site } = useGlobalData();
  return (
    <div className="topbar">
      <div className="shop-container topbar-inner">
        <ul className="topbar-left">
          <li className="topbar-welcome">欢迎来到{site.site_name}！</li>
          <li>
            <SaveSiteLink />
          </li>
        </ul>
        <ul className="topbar-right">
          <TopBarAccount />
          {MEMBER_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="topbar-link">
                {link.label}
              </Link>
            </li>
          ))}
          <li>
            <Link to="/cms/notice/list" className="topbar-link">
              网站公告
            </Link>
          </li>
        </ul>
      </div>
    </div>
  );
}
