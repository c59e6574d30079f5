/**
 * Staff calls of the back office for ads, the home page (floors, navigation, friendly links), articles, notices and help (content.manage).
 * Named after the reference admin's controllers and actions in lower case (/shopapi/<controller>/<action>).
 */
export const contentAdminEndpoints = {};
