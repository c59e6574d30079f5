/** 概况: /shopapi/stat/* totals and trends, computed from the orders and ledgers. */
export const statEndpoints = {};
