/** Refunds, returns and complaints: the member calls, the staff API and their timers (issue 9). */
export const refundEndpoints = {};
