/** The console's order calls beyond order.ts: filters, batch ship, remarks, receiver, export, print. */
export const orderAdminEndpoints = {};
