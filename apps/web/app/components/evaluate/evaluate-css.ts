/** The URL of the evaluation page's styles, for the `links` of routes/order/evaluate.tsx. */
export { default as evaluateCss } from "./evaluate.css?url";
