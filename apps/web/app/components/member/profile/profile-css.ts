/** The URL of the /member/info styles, for its route's `links`. */
export { default as profileCss } from "./profile.css?url";
