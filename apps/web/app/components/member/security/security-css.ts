/** The URL of the account security styles, for the `links` of /member/security and /member/security/security. */
export { default as securityCss } from "./security.css?url";
