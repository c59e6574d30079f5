/**
 * Every icon of the storefront, in one module (antd's outlines, @ant-design/icons-svg, MIT).
 * The chrome imports it, so it is part of the shell chunk every page loads; hence two ways to draw:
 *
 * - CSS masks (maskIcon): the HTML and JS carry a class name only; the picture is a mask in the
 *   stylesheet of the pages that show it: styles/chrome/icons.css (the chrome's, on every page),
 *   styles/coming-soon.css (the coming-soon pages' pictures).
 * - Inline SVG (svgIcon, svg-icon.tsx): the path data travels in the JS; for the small icons that only
 *   pages show (arrows, close, search, store contacts), marked pure so unused ones are dropped.
 *
 * One picture, one definition: a page that shows a chrome icon uses its mask.
 * Icons are decorative (aria-hidden): name the control, not the icon.
 */
import { svgIcon } from "./svg-icon.tsx";

/** An icon drawn by the mask `.mask-icon-NAME` (styles/chrome/icons.css, styles/coming-soon.css). */
function maskIcon(name: string) {
  return function MaskIcon({ className }: { className?: string }) {
    return <span className={`mask-icon mask-icon-${name}${className ? ` ${className}` : ""}`} aria-hidden="true" />;
  };
}

// ---- inline SVG
export const CloseIcon = /* @__PURE__ */ svgIcon("M799.86 166.31c.02 0 .04.02.08.06l57.69 57.7c.04.03.05.05.06.08a.12.12 0 010 .06c0 .03-.02.05-.06.09L569.93 512l287.7 287.7c.04.04.05.06.06.09a.12.12 0 010 .07c0 .02-.02.04-.06.08l-57.7 57.69c-.03.04-.05.05-.07.06a.12.12 0 01-.07 0c-.03 0-.05-.02-.09-.06L512 569.93l-287.7 287.7c-.04.04-.06.05-.09.06a.12.12 0 01-.07 0c-.02 0-.04-.02-.08-.06l-57.69-57.7c-.04-.03-.05-.05-.06-.07a.12.12 0 010-.07c0-.03.02-.05.06-.09L454.07 512l-287.7-287.7c-.04-.04-.05-.06-.06-.09a.12.12 0 010-.07c0-.02.02-.04.06-.08l57.7-57.69c.03-.04.05-.05.07-.06a.12.12 0 01.07 0c.03 0 .05.02.09.06L512 454.07l287.7-287.7c.04-.04.06-.05.09-.06a.12.12 0 01.07 0z", { evenOdd: true });
export const LeftIcon = /* @__PURE__ */ svgIcon("M724 218.3V141c0-6.7-7.7-10.4-12.9-6.3L260.3 486.8a31.86 31.86 0 000 50.3l450.8 352.1c5.3 4.1 12.9.4 12.9-6.3v-77.3c0-4.9-2.3-9.6-6.1-12.6l-360-281 360-281.1c3.8-3 6.1-7.7 6.1-12.6z");
export const RightIcon = /* @__PURE__ */ svgIcon("M765.7 486.8L314.9 134.7A7.97 7.97 0 00302 141v77.3c0 4.9 2.3 9.6 6.1 12.6l360 281.1-360 281.1c-3.9 3-6.1 7.7-6.1 12.6V883c0 6.7 7.7 10.4 12.9 6.3l450.8-352.1a31.96 31.96 0 000-50.4z");
export const DownIcon = /* @__PURE__ */ svgIcon("M884 256h-75c-5.1 0-9.9 2.5-12.9 6.6L512 654.2 227.9 262.6c-3-4.1-7.8-6.6-12.9-6.6h-75c-6.5 0-10.3 7.4-6.5 12.7l352.6 486.1c12.8 17.6 39 17.6 51.7 0l352.6-486.1c3.9-5.3.1-12.7-6.4-12.7z");
export const SearchIcon = /* @__PURE__ */ svgIcon("M909.6 854.5L649.9 594.8C690.2 542.7 712 479 712 412c0-80.2-31.3-155.4-87.9-212.1-56.6-56.7-132-87.9-212.1-87.9s-155.5 31.3-212.1 87.9C143.2 256.5 112 331.8 112 412c0 80.1 31.3 155.5 87.9 212.1C256.5 680.8 331.8 712 412 712c67 0 130.6-21.8 182.7-62l259.7 259.6a8.2 8.2 0 0011.6 0l43.6-43.5a8.2 8.2 0 000-11.6zM570.4 570.4C528 612.7 471.8 636 412 636s-116-23.3-158.4-65.6C211.3 528 188 471.8 188 412s23.3-116.1 65.6-158.4C296 211.3 352.2 188 412 188s116.1 23.2 158.4 65.6S636 352.2 636 412s-23.3 116.1-65.6 158.4z");
export const HeartFilledIcon = /* @__PURE__ */ svgIcon("M923 283.6a260.04 260.04 0 00-56.9-82.8 264.4 264.4 0 00-84-55.5A265.34 265.34 0 00679.7 125c-49.3 0-97.4 13.5-139.2 39-10 6.1-19.5 12.8-28.5 20.1-9-7.3-18.5-14-28.5-20.1-41.8-25.5-89.9-39-139.2-39-35.5 0-69.9 6.8-102.4 20.3-31.4 13-59.7 31.7-84 55.5a258.44 258.44 0 00-56.9 82.8c-13.9 32.3-21 66.6-21 101.9 0 33.3 6.8 68 20.3 103.3 11.3 29.5 27.5 60.1 48.2 91 32.8 48.9 77.9 99.9 133.9 151.6 92.8 85.7 184.7 144.9 188.6 147.3l23.7 15.2c10.5 6.7 24 6.7 34.5 0l23.7-15.2c3.9-2.5 95.7-61.6 188.6-147.3 56-51.7 101.1-102.7 133.9-151.6 20.7-30.9 37-61.5 48.2-91 13.5-35.3 20.3-70 20.3-103.3.1-35.3-7-69.6-20.9-101.9z");
export const LinkIcon = /* @__PURE__ */ svgIcon("M574 665.4a8.03 8.03 0 00-11.3 0L446.5 781.6c-53.8 53.8-144.6 59.5-204 0-59.5-59.5-53.8-150.2 0-204l116.2-116.2c3.1-3.1 3.1-8.2 0-11.3l-39.8-39.8a8.03 8.03 0 00-11.3 0L191.4 526.5c-84.6 84.6-84.6 221.5 0 306s221.5 84.6 306 0l116.2-116.2c3.1-3.1 3.1-8.2 0-11.3L574 665.4zm258.6-474c-84.6-84.6-221.5-84.6-306 0L410.3 307.6a8.03 8.03 0 000 11.3l39.7 39.7c3.1 3.1 8.2 3.1 11.3 0l116.2-116.2c53.8-53.8 144.6-59.5 204 0 59.5 59.5 53.8 150.2 0 204L665.3 562.6a8.03 8.03 0 000 11.3l39.8 39.8c3.1 3.1 8.2 3.1 11.3 0l116.2-116.2c84.5-84.6 84.5-221.5 0-306.1zM610.1 372.3a8.03 8.03 0 00-11.3 0L372.3 598.7a8.03 8.03 0 000 11.3l39.6 39.6c3.1 3.1 8.2 3.1 11.3 0l226.4-226.4c3.1-3.1 3.1-8.2 0-11.3l-39.5-39.6z");
export const MobileIcon = /* @__PURE__ */ svgIcon("M744 62H280c-35.3 0-64 28.7-64 64v768c0 35.3 28.7 64 64 64h464c35.3 0 64-28.7 64-64V126c0-35.3-28.7-64-64-64zm-8 824H288V134h448v752zM472 784a40 40 0 1080 0 40 40 0 10-80 0z");
export const CheckCircleFilledIcon = /* @__PURE__ */ svgIcon("M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm193.5 301.7l-210.6 292a31.8 31.8 0 01-51.7 0L318.5 484.9c-3.8-5.3 0-12.7 6.5-12.7h46.9c10.2 0 19.9 4.9 25.9 13.3l71.2 98.8 157.2-218c6-8.3 15.6-13.3 25.9-13.3H699c6.5 0 10.3 7.4 6.5 12.7z");
export const EnvironmentIcon = /* @__PURE__ */ svgIcon("M854.6 289.1a362.49 362.49 0 00-79.9-115.7 370.83 370.83 0 00-118.2-77.8C610.7 76.6 562.1 67 512 67c-50.1 0-98.7 9.6-144.5 28.5-44.3 18.3-84 44.5-118.2 77.8A363.6 363.6 0 00169.4 289c-19.5 45-29.4 92.8-29.4 142 0 70.6 16.9 140.9 50.1 208.7 26.7 54.5 64 107.6 111 158.1 80.3 86.2 164.5 138.9 188.4 153a43.9 43.9 0 0022.4 6.1c7.8 0 15.5-2 22.4-6.1 23.9-14.1 108.1-66.8 188.4-153 47-50.4 84.3-103.6 111-158.1C867.1 572 884 501.8 884 431.1c0-49.2-9.9-97-29.4-142zM512 880.2c-65.9-41.9-300-207.8-300-449.1 0-77.9 31.1-151.1 87.6-206.3C356.3 169.5 431.7 139 512 139s155.7 30.5 212.4 85.9C780.9 280 812 353.2 812 431.1c0 241.3-234.1 407.2-300 449.1zm0-617.2c-97.2 0-176 78.8-176 176s78.8 176 176 176 176-78.8 176-176-78.8-176-176-176zm79.2 255.2A111.6 111.6 0 01512 551c-29.9 0-58-11.7-79.2-32.8A111.6 111.6 0 01400 439c0-29.9 11.7-58 32.8-79.2C454 338.6 482.1 327 512 327c29.9 0 58 11.6 79.2 32.8C612.4 381 624 409.1 624 439c0 29.9-11.6 58-32.8 79.2z");
export const ClockCircleIcon = /* @__PURE__ */ svgIcon([
  "M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm0 820c-205.4 0-372-166.6-372-372s166.6-372 372-372 372 166.6 372 372-166.6 372-372 372z",
  "M686.7 638.6L544.1 535.5V288c0-4.4-3.6-8-8-8H488c-4.4 0-8 3.6-8 8v275.4c0 2.6 1.2 5 3.3 6.5l165.4 120.6c3.6 2.6 8.6 1.8 11.2-1.7l28.6-39c2.6-3.7 1.8-8.7-1.8-11.2z",
]);
export const PhoneIcon = /* @__PURE__ */ svgIcon("M877.1 238.7L770.6 132.3c-13-13-30.4-20.3-48.8-20.3s-35.8 7.2-48.8 20.3L558.3 246.8c-13 13-20.3 30.5-20.3 48.9 0 18.5 7.2 35.8 20.3 48.9l89.6 89.7a405.46 405.46 0 01-86.4 127.3c-36.7 36.9-79.6 66-127.2 86.6l-89.6-89.7c-13-13-30.4-20.3-48.8-20.3a68.2 68.2 0 00-48.8 20.3L132.3 673c-13 13-20.3 30.5-20.3 48.9 0 18.5 7.2 35.8 20.3 48.9l106.4 106.4c22.2 22.2 52.8 34.9 84.2 34.9 6.5 0 12.8-.5 19.2-1.6 132.4-21.8 263.8-92.3 369.9-198.3C818 606 888.4 474.6 910.4 342.1c6.3-37.6-6.3-76.3-33.3-103.4zm-37.6 91.5c-19.5 117.9-82.9 235.5-178.4 331s-213 158.9-330.9 178.4c-14.8 2.5-30-2.5-40.8-13.2L184.9 721.9 295.7 611l119.8 120 .9.9 21.6-8a481.29 481.29 0 00285.7-285.8l8-21.6-120.8-120.7 110.8-110.9 104.5 104.5c10.8 10.8 15.8 26 13.3 40.8z");
export const CloseCircleFilledIcon = /* @__PURE__ */ svgIcon("M512 64c247.4 0 448 200.6 448 448S759.4 960 512 960 64 759.4 64 512 264.6 64 512 64zm127.98 274.82h-.04l-.08.06L512 466.75 384.14 338.88c-.04-.05-.06-.06-.08-.06a.12.12 0 00-.07 0c-.03 0-.05.01-.09.05l-45.02 45.02a.2.2 0 00-.05.09.12.12 0 000 .07v.02a.27.27 0 00.06.06L466.75 512 338.88 639.86c-.05.04-.06.06-.06.08a.12.12 0 000 .07c0 .03.01.05.05.09l45.02 45.02a.2.2 0 00.09.05.12.12 0 00.07 0c.02 0 .04-.01.08-.05L512 557.25l127.86 127.87c.04.04.06.05.08.05a.12.12 0 00.07 0c.03 0 .05-.01.09-.05l45.02-45.02a.2.2 0 00.05-.09.12.12 0 000-.07v-.02a.27.27 0 00-.05-.06L557.25 512l127.87-127.86c.04-.04.05-.06.05-.08a.12.12 0 000-.07c0-.03-.01-.05-.05-.09l-45.02-45.02a.2.2 0 00-.09-.05.12.12 0 00-.07 0z", { evenOdd: true });

// ---- CSS masks: the chrome's (styles/chrome/icons.css)
/** UnorderedListOutlined */
export const ListIcon = /* @__PURE__ */ maskIcon("list");
/** ShoppingCartOutlined */
export const CartIcon = /* @__PURE__ */ maskIcon("cart");
/** SafetyCertificateOutlined */
export const SafetyCertificateIcon = /* @__PURE__ */ maskIcon("safety");
/** VerticalAlignTopOutlined */
export const ToTopIcon = /* @__PURE__ */ maskIcon("to-top");
/** CustomerServiceOutlined */
export const CustomerServiceIcon = /* @__PURE__ */ maskIcon("customer-service");
/** QrcodeOutlined */
export const QrcodeIcon = /* @__PURE__ */ maskIcon("qrcode");
/** FileTextOutlined */
export const OrderIcon = /* @__PURE__ */ maskIcon("order");
/** HistoryOutlined */
export const HistoryIcon = /* @__PURE__ */ maskIcon("history");
/** HeartOutlined */
export const HeartIcon = /* @__PURE__ */ maskIcon("heart");
/** TagsOutlined */
export const CouponIcon = /* @__PURE__ */ maskIcon("coupon");
/** UserOutlined */
export const UserIcon = /* @__PURE__ */ maskIcon("user");

// ---- CSS masks: the coming-soon pages' pictures (styles/coming-soon.css)
export const ThunderboltIcon = /* @__PURE__ */ maskIcon("thunderbolt");
export const TeamIcon = /* @__PURE__ */ maskIcon("team");
export const AppstoreAddIcon = /* @__PURE__ */ maskIcon("appstore-add");
export const RollbackIcon = /* @__PURE__ */ maskIcon("rollback");
export const CarIcon = /* @__PURE__ */ maskIcon("car");
export const StarIcon = /* @__PURE__ */ maskIcon("star");
export const ExclamationCircleIcon = /* @__PURE__ */ maskIcon("exclamation-circle");
export const ScanIcon = /* @__PURE__ */ maskIcon("scan");
export const PayCircleIcon = /* @__PURE__ */ maskIcon("pay-circle");
/** SafetyOutlined (the chrome's SafetyCertificateIcon is another picture) */
export const SafetyIcon = /* @__PURE__ */ maskIcon("safety-outlined");
export const WalletIcon = /* @__PURE__ */ maskIcon("wallet");
export const MoneyCollectIcon = /* @__PURE__ */ maskIcon("money-collect");
export const TrophyIcon = /* @__PURE__ */ maskIcon("trophy");
export const CrownIcon = /* @__PURE__ */ maskIcon("crown");
export const CarryOutIcon = /* @__PURE__ */ maskIcon("carry-out");
export const BankIcon = /* @__PURE__ */ maskIcon("bank");
export const AppstoreIcon = /* @__PURE__ */ maskIcon("appstore");
export const TrademarkIcon = /* @__PURE__ */ maskIcon("trademark");
export const NotificationIcon = /* @__PURE__ */ maskIcon("notification");
export const QuestionCircleIcon = /* @__PURE__ */ maskIcon("question-circle");
