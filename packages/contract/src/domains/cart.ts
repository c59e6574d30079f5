/** Calls of the cart work (issue 6). */
export const cartEndpoints = {};
