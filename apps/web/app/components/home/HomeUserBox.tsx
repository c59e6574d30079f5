import { Link } from "../chrome/Link.tsx";
import { useGlobalData } from "../../lib/global-data.ts";
import { imageUrl } from "../../lib/image.ts";
import { UserIcon } from "../ui/icons.tsx";

/** icon: the shortcut's picture in home.css (.home-user__shortcut-icon--{icon}) */
const SHORTCUTS = [
  { to: "/member/order_list", label: "订单", icon: "order" },
  { to: "/member/footprint", label: "足迹", icon: "footprint" },
  { to: "/member/collection", label: "关注", icon: "follow" },
  { to: "/member/coupon", label: "优惠券", icon: "coupon" },
];

/** The greeting box beside the carousel: log-in / register for guests, the member's name otherwise. */
export function HomeUserBox() {
  const { member, site, defaultImages } = useGlobalData();
  const avatar = imageUrl(member?.headimg || defaultImages.head);
  const name = member ? member.nickname || member.username : "";

  return (
    <div className="home-user">
      <div className="home-user__head">
        {avatar ? (
          <img className="home-user__avatar" src={avatar} alt="" width={48} height={48} />
        ) : (
          <span className="home-user__avatar home-user__avatar--empty"><UserIcon /></span>
        )}
        <div className="home-user__hello">
          <p className="home-user__hi" title={name || undefined}>Hi，{member ? name : "你好"}</p>
          <p className="home-user__sub">
            {member ? member.member_level_name || "欢迎回来" : `欢迎来到${site.site_name}`}
          </p>
        </div>
      </div>
      {member ? (
        <div className="home-user__actions">
          <Link className="home-user__button home-user__button--primary" to="/member">会员中心</Link>
          <Link className="home-user__button" to="/member/account">账户余额</Link>
        </div>
      ) : (
        <div className="home-user__actions">
          <Link className="home-user__button home-user__button--primary" to="/auth/login">登录</Link>
          <Link className="home-user__button" to="/auth/register">注册</Link>
        </div>
      )}
      <ul className="home-user__shortcuts">
        {SHORTCUTS.map((item) => (
          <li key={item.to}>
            <Link className="home-user__shortcut" to={item.to}>
              <span className={`home-user__shortcut-icon home-user__shortcut-icon--${item.icon}`} aria-hidden="true" />
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
