/**
 * The chrome's icons: antd's outlines of the same names, drawn by CSS masks (styles/chrome/icons.css)
 * so that every page's HTML and JS carry only a class name. Decorative: label the control instead.
 */

function chromeIcon(name: string) {
  return function ChromeIcon({ className }: { className?: string }) {
    return <span className={`chrome-icon chrome-icon-${name}${className ? ` ${className}` : ""}`} aria-hidden="true" />;
  };
}

/** UnorderedListOutlined */
export const ListIcon = chromeIcon("list");
/** ShoppingCartOutlined */
export const CartIcon = chromeIcon("cart");
/** SafetyCertificateOutlined */
export const SafetyIcon = chromeIcon("safety");
/** VerticalAlignTopOutlined */
export const ToTopIcon = chromeIcon("to-top");
/** CustomerServiceOutlined */
export const CustomerServiceIcon = chromeIcon("customer-service");
/** QrcodeOutlined */
export const QrcodeIcon = chromeIcon("qrcode");
/** FileTextOutlined */
export const OrderIcon = chromeIcon("order");
/** HistoryOutlined */
export const HistoryIcon = chromeIcon("history");
/** HeartOutlined */
export const HeartIcon = chromeIcon("heart");
/** TagsOutlined */
export const CouponIcon = chromeIcon("coupon");
/** UserOutlined */
export const UserIcon = chromeIcon("user");
/** CloseOutlined */
export const CloseIcon = chromeIcon("close");
