import { siteEndpoints } from "./domains/site.ts";
import { cmsEndpoints } from "./domains/cms.ts";
import { goodsEndpoints } from "./domains/goods.ts";
import { authEndpoints } from "./domains/auth.ts";
import { memberEndpoints } from "./domains/member.ts";
import { goodsListEndpoints } from "./domains/goods-list.ts";
import { goodsDetailEndpoints } from "./domains/goods-detail.ts";
import { storeEndpoints } from "./domains/store.ts";
import { articleEndpoints } from "./domains/article.ts";
import { brandEndpoints } from "./domains/brand.ts";
import { seoEndpoints } from "./domains/seo.ts";
import { cartEndpoints } from "./domains/cart.ts";
import { addressEndpoints } from "./domains/address.ts";
import { checkoutEndpoints } from "./domains/checkout.ts";
import { orderEndpoints } from "./domains/order.ts";
import { payEndpoints } from "./domains/pay.ts";
import { staffEndpoints } from "./domains/staff.ts";
import { goodsAdminEndpoints } from "./domains/goods-admin.ts";
import { goodsImportEndpoints } from "./domains/goods-admin-import.ts";
import { uploadEndpoints } from "./domains/upload.ts";
import { refundEndpoints } from "./domains/refund.ts";
import { evaluateEndpoints } from "./domains/evaluate.ts";
import { verifyEndpoints } from "./domains/verify.ts";
import { accountEndpoints } from "./domains/account.ts";
import { memberLevelEndpoints } from "./domains/member-level.ts";
import { signinEndpoints } from "./domains/signin.ts";
import { rechargeEndpoints } from "./domains/recharge.ts";
import { withdrawEndpoints } from "./domains/withdraw.ts";
import { couponEndpoints } from "./domains/coupon.ts";
import { seckillEndpoints } from "./domains/seckill.ts";
import { groupbuyEndpoints } from "./domains/groupbuy.ts";
import { bundlingEndpoints } from "./domains/bundling.ts";
import { chatEndpoints } from "./domains/chat.ts";
import { catalogAdminEndpoints } from "./domains/admin-catalog.ts";
import { contentAdminEndpoints } from "./domains/admin-content.ts";
import { settingsAdminEndpoints } from "./domains/admin-settings.ts";
import { staffAdminEndpoints } from "./domains/admin-staff.ts";
import { notifyEndpoints } from "./domains/admin-notify.ts";
import { statEndpoints } from "./domains/admin-stat.ts";
import { orderAdminEndpoints } from "./domains/admin-order.ts";
import { aftersaleAdminEndpoints } from "./domains/admin-aftersale.ts";
import { memberAdminEndpoints } from "./domains/admin-member.ts";
import { marketingAdminEndpoints } from "./domains/admin-marketing.ts";

/** Every call of the API, by path. Each domain file owns its own entries. */
export const endpoints = {
  ...siteEndpoints,
  ...cmsEndpoints,
  ...goodsEndpoints,
  ...authEndpoints,
  ...memberEndpoints,
  ...goodsListEndpoints,
  ...goodsDetailEndpoints,
  ...storeEndpoints,
  ...articleEndpoints,
  ...brandEndpoints,
  ...seoEndpoints,
  ...cartEndpoints,
  ...addressEndpoints,
  ...checkoutEndpoints,
  ...orderEndpoints,
  ...payEndpoints,
  ...staffEndpoints,
  ...goodsAdminEndpoints,
  ...goodsImportEndpoints,
  ...uploadEndpoints,
  ...refundEndpoints,
  ...evaluateEndpoints,
  ...verifyEndpoints,
  ...accountEndpoints,
  ...memberLevelEndpoints,
  ...signinEndpoints,
  ...rechargeEndpoints,
  ...withdrawEndpoints,
  ...couponEndpoints,
  ...seckillEndpoints,
  ...groupbuyEndpoints,
  ...bundlingEndpoints,
  ...chatEndpoints,
  ...catalogAdminEndpoints,
  ...contentAdminEndpoints,
  ...settingsAdminEndpoints,
  ...staffAdminEndpoints,
  ...notifyEndpoints,
  ...statEndpoints,
  ...orderAdminEndpoints,
  ...aftersaleAdminEndpoints,
  ...memberAdminEndpoints,
  ...marketingAdminEndpoints,
};

export type Endpoints = typeof endpoints;
export type EndpointPath = keyof Endpoints;
