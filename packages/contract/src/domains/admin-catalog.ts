/**
 * Staff calls of the back office for goods categories, brands, services, labels, stores, express companies and freight templates (goods.manage).
 * Named after the reference admin's controllers and actions in lower case (/shopapi/<controller>/<action>).
 */
export const catalogAdminEndpoints = {};
