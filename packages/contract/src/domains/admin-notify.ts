/** Notifications: the buyer's SMS messages and the staff console's live notifications. */
export const notifyEndpoints = {};
