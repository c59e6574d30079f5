/**
 * The reference's add-ons and what makes each one offered here. A reference client that sees an
 * add-on at 1 (/api/addon/addonisexit, /api/config/init) calls that add-on's endpoints, so 1 must
 * mean they answer: an add-on is offered when every endpoint its clients call is registered, which
 * turns it on by itself when the feature lands (and the shop did not switch it off, config
 * `addons: {name: 0}`). Endpoints are the ones the reference contract and SPEC name.
 */
export interface AddonRequirement {
  /** every one must be registered */
  endpoints: readonly string[];
  /**
   * and a staff endpoint under this prefix: for an add-on that works only once the shop set it up
   * (its client endpoints are answered today as placeholders: "未配置微信登录", "nothing granted")
   */
  staffPrefix?: string;
}

const orderCreate = (addon: string) => ["payment", "calculate", "create"].map((action) => `/${addon}/api/ordercreate/${action}`);

export const ADDON_REQUIREMENTS: Readonly<Record<string, AddonRequirement>> = {
  coupon: {
    endpoints: [
      "/coupon/api/coupon/typepagelists", "/coupon/api/coupon/receive", "/coupon/api/coupon/memberpage",
      "/coupon/api/coupon/goodsCoupon", "/coupon/api/coupon/num",
    ],
  },
  seckill: {
    endpoints: [
      "/seckill/api/seckill/lists", "/seckill/api/seckillgoods/page", "/seckill/api/seckillgoods/detail",
      "/seckill/api/seckillgoods/info", ...orderCreate("seckill"),
    ],
  },
  groupbuy: { endpoints: ["/groupbuy/api/goods/page", "/groupbuy/api/goods/detail", ...orderCreate("groupbuy")] },
  bundling: { endpoints: ["/bundling/api/bundling/lists", "/bundling/api/bundling/detail", ...orderCreate("bundling")] },
  servicer: {
    endpoints: [
      "/servicer/api/chat/bind", "/servicer/api/chat/say", "/servicer/api/chat/dialogs", "/servicer/api/chat/hasServicers",
      "/servicer/api/chat/bye", "/servicer/api/chat/setRead", "/servicer/api/chat/keyword",
    ],
  },
  memberrecharge: {
    endpoints: [
      "/memberrecharge/api/memberrecharge/page", "/memberrecharge/api/memberrecharge/info", "/memberrecharge/api/ordercreate/create",
      "/memberrecharge/api/order/page",
    ],
  },
  // Config/Config answers "nothing granted" (modules/auth/register-config.ts) until staff can set rewards.
  memberregister: { endpoints: ["/memberregister/api/Config/Config"], staffPrefix: "/shopapi/memberregister/" },
  // The QR login answers 未配置微信登录 (modules/auth/routes.ts) until staff can set the official account.
  wechat: { endpoints: ["/wechat/api/wechat/logincode", "/api/login/checklogin", "/api/login/wechatLogin"], staffPrefix: "/shopapi/wechat/" },
  // The mini-program's code alone (/weapp/api/weapp/qrcode) is a picture; the mini-program needs its sign-in.
  weapp: { endpoints: ["/weapp/api/weapp/qrcode", "/weapp/api/weapp/authcodetoopenid"] },
  offlinepay: { endpoints: ["/offlinepay/api/pay/config", "/offlinepay/api/pay/info", "/offlinepay/api/pay/pay"] },
};

/** Which add-ons the registered paths implement, 1 or 0 for every add-on of the reference. */
export function implementedAddons(registered: ReadonlySet<string>): Record<string, 0 | 1> {
  const paths = [...registered];
  const flags: Record<string, 0 | 1> = {};
  for (const [name, requirement] of Object.entries(ADDON_REQUIREMENTS)) {
    const endpointsThere = requirement.endpoints.every((endpoint) => registered.has(endpoint));
    const { staffPrefix } = requirement;
    const prefixThere = !staffPrefix || paths.some((path) => path.startsWith(staffPrefix));
    flags[name] = endpointsThere && prefixThere ? 1 : 0;
  }
  return flags;
}

/** Implemented add-ons minus the ones the shop switched off (a saved 0). */
export function offeredAddons(implemented: Record<string, 0 | 1>, switches: Record<string, 0 | 1>): Record<string, 0 | 1> {
  return Object.fromEntries(Object.entries(implemented).map(([name, flag]) => [name, flag === 1 && switches[name] !== 0 ? 1 : 0]));
}
