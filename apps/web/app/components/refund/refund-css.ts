/** The URL of the after-sales styles, for the `links` of the refund, complaint and 退款/售后 routes. */
export { default as refundCss } from "./refund.css?url";
