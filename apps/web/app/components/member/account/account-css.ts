/** The URL of 账户余额's own styles (the summary), for the route's `links`. */
export { default as accountCss } from "./account.css?url";
