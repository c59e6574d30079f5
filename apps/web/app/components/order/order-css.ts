/** The URL of the order styles, for the `links` of the routes showing these components. */
export { default as orderCss } from "../../styles/order.css?url";
