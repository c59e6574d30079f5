/** The URLs of the level page's styles and of the tables it shares with the sign-in page, for the routes' `links`. */
export { default as levelCss } from "./level.css?url";
export { default as memberTableCss } from "./member-table.css?url";
