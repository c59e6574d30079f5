/** The URL of the welcome page's own styles (member.css holds the shared ones), for the /member route's `links`. */
export { default as welcomeCss } from "./welcome.css?url";
