/** The URL of the sign-in page's styles, for the /member/signin route's `links`. */
export { default as signinCss } from "./signin.css?url";
