/** 营销 in the console beyond coupon.ts / seckill.ts / groupbuy.ts / bundling.ts: issuing, figures. */
export const marketingAdminEndpoints = {};
