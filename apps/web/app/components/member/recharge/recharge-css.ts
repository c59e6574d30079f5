/** The URL of the recharge pages' styles (packages, records, detail), for their routes' `links`. */
export { default as rechargeCss } from "./recharge.css?url";
