/** Calls of the address work (issue 6). */
export const addressEndpoints = {};
