/** The URL of the verification styles, for the `links` of the /order/verification… routes. */
export { default as verifyCss } from "./verify.css?url";
