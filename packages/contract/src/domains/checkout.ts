/** Calls of the checkout work (issue 6). */
export const checkoutEndpoints = {};
