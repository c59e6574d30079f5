/** The URL of the ledger table's styles, for the `links` of the routes that show a LedgerTable. */
export { default as ledgerCss } from "./ledger.css?url";
