/** Calls of the pay work (issue 6). */
export const payEndpoints = {};
