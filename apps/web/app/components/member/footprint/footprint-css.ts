/** The URL of 我的足迹's day headings styles (the cards are collection.css), for the route's `links`. */
export { default as footprintCss } from "./footprint.css?url";
