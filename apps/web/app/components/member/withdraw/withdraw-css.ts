/** The URL of the withdrawal styles, for the `links` of the account and withdrawal routes. */
export { default as withdrawCss } from "./withdraw.css?url";
