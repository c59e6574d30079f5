import { CouponIcon, HeartIcon, HistoryIcon, OrderIcon, UserIcon } from "../../ui/icons.tsx";
import { SideBarLink } from "./SideBarLink.tsx";
import { SideBarCart } from "./SideBarCart.tsx";
import { MobileQrcode } from "./MobileQrcode.tsx";
import { ContactService } from "./ContactService.tsx";
import { BackToTop } from "./BackToTop.tsx";

const MEMBER_LINKS = [
  { to: "/member/order_list", label: "我的订单", icon: <OrderIcon /> },
  { to: "/member/footprint", label: "我的足迹", icon: <HistoryIcon /> },
  { to: "/member/collection", label: "我的关注", icon: <HeartIcon /> },
  { to: "/member/coupon", label: "我的优惠券", icon: <CouponIcon /> },
  { to: "/member", label: "会员中心", icon: <UserIcon /> },
];

/** SPEC §2 side bar: fixed at the right edge, full height. */
export function SideBar() {
  return (
    <aside className="sidebar" aria-label="快捷入口">
      <div className="sidebar-main">
        <SideBarCart />
        {MEMBER_LINKS.map((link) => (
          <SideBarLink key={link.to} {...link} />
        ))}
      </div>
      <div className="sidebar-bottom">
        <MobileQrcode />
        <ContactService />
        <BackToTop />
      </div>
    </aside>
  );
}
