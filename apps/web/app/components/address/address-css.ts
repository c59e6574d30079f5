/** The URL of the address styles, for the `links` of any route showing these components (checkout too). */
export { default as addressCss } from "../../styles/address.css?url";
