/**
 * Staff calls of the back office for the shop's settings: site, register and login, order, points and balance, payment keys, SMS (setting.manage).
 * Named after the reference admin's controllers and actions in lower case (/shopapi/<controller>/<action>).
 */
export const settingsAdminEndpoints = {};
