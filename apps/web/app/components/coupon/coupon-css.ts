/** The URL of the coupon styles, for the `links` of the coupon centre, 我的优惠券 and the SKU page. */
export { default as couponCss } from "./coupon.css?url";
