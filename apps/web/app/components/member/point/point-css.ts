/** The URL of 我的积分's own styles (the summary), for the route's `links`. */
export { default as pointCss } from "./point.css?url";
