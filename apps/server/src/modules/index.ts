import type { FastifyInstance } from "fastify";
import type { Api } from "../core/api.ts";
import { registerSiteRoutes } from "./site/routes.ts";
import { registerCmsRoutes } from "./cms/routes.ts";
import { registerGoodsRoutes } from "./goods/routes.ts";
import { registerSearchCompaction } from "./search/compaction.ts";
import { registerAuthRoutes } from "./auth/routes.ts";
import { registerMemberRoutes } from "./member/routes.ts";
import { registerStoreRoutes } from "./store/routes.ts";
import { registerBrandRoutes } from "./brand/routes.ts";
import { registerSitemapRoutes } from "./seo/sitemap-routes.ts";
import { registerStaffRoutes } from "./staff/routes.ts";
import { registerCartRoutes } from "./cart/routes.ts";
import { registerAddressRoutes } from "./address/routes.ts";
import { registerCheckoutRoutes } from "./checkout/routes.ts";
import { registerOrderRoutes } from "./order/routes.ts";
import { registerPayRoutes } from "./pay/routes.ts";
import { registerUploadRoutes } from "./upload/routes.ts";
import { registerRefundRoutes } from "./refund/routes.ts";
import { registerEvaluateRoutes } from "./evaluate/routes.ts";
import { registerVerifyRoutes } from "./verify/routes.ts";
import { registerAccountRoutes } from "./account/routes.ts";
import { registerMemberLevelRoutes } from "./member-level/routes.ts";
import { registerSigninRoutes } from "./signin/routes.ts";
import { registerRechargeRoutes } from "./recharge/routes.ts";
import { registerWithdrawRoutes } from "./withdraw/routes.ts";
import { registerCouponRoutes } from "./coupon/routes.ts";

/** One registration per domain module; each module owns its routes, services and queries. */
/** `app` is for the few raw routes (payment notifies, the sandbox gateway's page): everything else is `api`. */
export function registerModules(api: Api, app: FastifyInstance): void {
  registerSiteRoutes(api);
  registerCmsRoutes(api);
  registerGoodsRoutes(api);
  registerSearchCompaction(api.deps, app);
  registerAuthRoutes(api);
  registerMemberRoutes(api);
  registerStoreRoutes(api);
  registerBrandRoutes(api);
  registerSitemapRoutes(api);
  registerStaffRoutes(api);
  registerCartRoutes(api, app);
  registerAddressRoutes(api, app);
  registerCheckoutRoutes(api, app);
  registerOrderRoutes(api, app);
  registerPayRoutes(api, app);
  registerUploadRoutes(api, app);
  registerRefundRoutes(api, app);
  registerEvaluateRoutes(api, app);
  registerVerifyRoutes(api, app);
  registerAccountRoutes(api, app);
  registerMemberLevelRoutes(api, app);
  registerSigninRoutes(api, app);
  registerRechargeRoutes(api, app);
  registerWithdrawRoutes(api, app);
  registerCouponRoutes(api, app);
}
