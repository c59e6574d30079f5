/** Calls of the order work (issue 6). */
export const orderEndpoints = {};
