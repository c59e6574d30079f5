import type { ReactNode } from "react";
import { Link } from "../chrome/Link.tsx";
import {
  AppstoreAddIcon, AppstoreIcon, BankIcon, CarIcon, CarryOutIcon, CartIcon, CouponIcon, CrownIcon, EnvironmentIcon, ExclamationCircleIcon,
  HeartIcon, HistoryIcon, MoneyCollectIcon, NotificationIcon, OrderIcon, PayCircleIcon, QuestionCircleIcon, RollbackIcon, SafetyIcon,
  ScanIcon, StarIcon, TeamIcon, ThunderboltIcon, TrademarkIcon, TrophyIcon, UserIcon, WalletIcon,
} from "../ui/icons.tsx";
import { type ComingSoonFeature, type ComingSoonIcon, isGuardedFeature, isMemberFeature } from "./features.ts";

const ICONS: Record<ComingSoonIcon, ReactNode> = {
  cart: <CartIcon />,
  coupon: <CouponIcon />,
  seckill: <ThunderboltIcon />,
  groupbuy: <TeamIcon />,
  combo: <AppstoreAddIcon />,
  order: <OrderIcon />,
  refund: <RollbackIcon />,
  logistics: <CarIcon />,
  evaluate: <StarIcon />,
  complain: <ExclamationCircleIcon />,
  verify: <ScanIcon />,
  pay: <PayCircleIcon />,
  profile: <UserIcon />,
  security: <SafetyIcon />,
  address: <EnvironmentIcon />,
  follow: <HeartIcon />,
  footprint: <HistoryIcon />,
  wallet: <WalletIcon />,
  withdraw: <MoneyCollectIcon />,
  point: <TrophyIcon />,
  level: <CrownIcon />,
  signin: <CarryOutIcon />,
  bank: <BankIcon />,
};

/** Pages that are already open, offered under the panel of the full-width variant. */
const ELSEWHERE = [
  { to: "/goods/category", label: "全部分类", note: "按分类找好物", icon: <AppstoreIcon /> },
  { to: "/goods/brand", label: "品牌专区", note: "大牌正品汇聚", icon: <TrademarkIcon /> },
  { to: "/cms/notice/list", label: "商城公告", note: "活动上线早知道", icon: <NotificationIcon /> },
  { to: "/cms/help/list", label: "帮助中心", note: "购物指南与常见问题", icon: <QuestionCircleIcon /> },
];

interface Action {
  to: string;
  label: string;
}

/** The main way back (a filled button) and the others. */
function actionsFor(feature: ComingSoonFeature): { primary: Action; others: Action[] } {
  if (isMemberFeature(feature)) {
    return { primary: { to: "/member", label: "返回会员中心" }, others: [{ to: "/", label: "返回首页" }, { to: "/goods/list", label: "继续逛逛" }] };
  }
  const others = [{ to: "/goods/list", label: "继续逛逛" }];
  if (isGuardedFeature(feature)) others.push({ to: "/member", label: "会员中心" });
  return { primary: { to: "/", label: "返回首页" }, others };
}

/** The picture, the message and the ways back; `titled` adds the feature's name as the page heading. */
function Panel({ feature, titled }: { feature: ComingSoonFeature; titled: boolean }) {
  const { primary, others } = actionsFor(feature);
  return (
    <div className="coming-soon__panel">
      <div className="coming-soon__art" aria-hidden="true">
        <span className="coming-soon__ring" />
        <span className="coming-soon__icon">{ICONS[feature.icon]}</span>
        <span className="coming-soon__badge">即将上线</span>
      </div>
      <div className="coming-soon__body">
        {titled && <h1 className="coming-soon__title">{feature.name}</h1>}
        <p className="coming-soon__lead">该功能即将开放，敬请期待</p>
        <p className="coming-soon__blurb">{feature.blurb}</p>
        <div className="coming-soon__actions">
          <Link to={primary.to} className="coming-soon__button coming-soon__button--primary">{primary.label}</Link>
          {others.map((action) => (
            <Link key={action.to} to={action.to} className="coming-soon__button">{action.label}</Link>
          ))}
        </div>
      </div>
    </div>
  );
}

/**
 * The page of a SPEC route that is not built yet: the feature's name, a line on what it will
 * offer, and ways back. Member pages render inside the member layout's content column (the left
 * menu stays); the others take the shop's width with a breadcrumb and links to open pages.
 */
export function ComingSoon({ feature }: { feature: ComingSoonFeature }) {
  if (isMemberFeature(feature)) {
    return (
      <section className="coming-soon coming-soon--member" aria-labelledby="coming-soon-title">
        <h1 className="coming-soon__heading" id="coming-soon-title">{feature.name}</h1>
        <Panel feature={feature} titled={false} />
      </section>
    );
  }
  return (
    <div className="coming-soon coming-soon--page shop-container">
      <nav className="coming-soon__crumbs" aria-label="当前位置">
        <Link to="/">首页</Link>
        <span className="coming-soon__sep" aria-hidden="true">&gt;</span>
        <span aria-current="page">{feature.name}</span>
      </nav>
      <section className="coming-soon__card">
        <Panel feature={feature} titled />
      </section>
      <section className="coming-soon__more" aria-label="先去看看">
        <h2 className="coming-soon__more-title">先去看看</h2>
        <ul className="coming-soon__more-list">
          {ELSEWHERE.map((item) => (
            <li key={item.to}>
              <Link to={item.to} className="coming-soon__more-link">
                <span className="coming-soon__more-icon" aria-hidden="true">{item.icon}</span>
                <span className="coming-soon__more-text">
                  <strong>{item.label}</strong>
                  <span>{item.note}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
