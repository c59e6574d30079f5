/** 会员 in the console: /shopapi/member/* list, detail, adjustments, status, labels. */
export const memberAdminEndpoints = {};
