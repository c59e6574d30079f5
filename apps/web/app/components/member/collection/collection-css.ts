/** The URL of the goods-card grid styles (我的关注 and 我的足迹), for those routes' `links`. */
export { default as collectionCss } from "./collection.css?url";
