/** The console's after-sales calls beyond refund.ts / evaluate.ts: queues, complaints, late-payment refunds. */
export const aftersaleAdminEndpoints = {};
