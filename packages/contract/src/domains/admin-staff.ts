/** Staff accounts, roles (groups with menu_array) and the operation log: /shopapi/user/*. */
export const staffAdminEndpoints = {};
