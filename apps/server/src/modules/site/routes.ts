import type { Api } from "../../core/api.ts";
import { getServicerConfig, readSetting } from "./service.ts";
import { siteInfoAnswer, wapQrcode } from "./mobile-qrcode.ts";
import { implementedAddons, offeredAddons } from "./addons.ts";
import { configInit } from "./config-init.ts";
import { siteStatus } from "./status.ts";
import { getAdvDetail } from "./adv.ts";
import { listFloors } from "./floors.ts";
import { listFriendlyLinks, listGoodsServices, listNavItems } from "./lists.ts";
import { cachedCall } from "../../core/cache/public-cache.ts";
import { CacheTag } from "../../core/cache/tags.ts";

/** Site data: settings (cached in readSetting), ads, floors and the chrome's lists (cached here, purged by tag). */
export function registerSiteRoutes(api: Api): void {
  const { deps } = api;
  const { db } = deps;
  // Add-ons follow the registered endpoints: read once every module has registered (the first call).
  let implemented: Record<string, 0 | 1> | undefined;
  const addons = async () => offeredAddons((implemented ??= implementedAddons(new Set(api.access.keys()))), await readSetting(db, "addons"));

  api.public("/api/site/info", (_body, ctx) => siteInfoAnswer(ctx));
  api.public("/api/site/status", () => siteStatus(db));
  api.public("/api/site/wapqrcode", (_body, ctx) => wapQrcode(ctx));
  api.public("/api/config/init", async (_body, ctx) => configInit(ctx, await addons()));
  api.public("/api/config/copyright", () => readSetting(db, "copyright"));
  api.public("/api/config/defaultimg", () => readSetting(db, "default_img"));
  api.public("/api/config/servicer", () => getServicerConfig(db));
  api.public("/api/config/categoryconfig", () => readSetting(db, "category_config"));
  api.public("/api/addon/addonisexit", () => addons());
  api.public("/weapp/api/weapp/qrcode", () => readSetting(db, "weapp_qrcode"));
  api.public("/api/pc/floatLayer", () => readSetting(db, "float_layer"));
  api.public("/api/goods/hotSearchWords", () => readSetting(db, "hot_search_words"));
  api.public("/api/goods/defaultSearchWords", () => readSetting(db, "default_search_words"));
  api.public("/api/adv/detail", ({ keyword }) => cachedCall(deps, "adv", keyword, [CacheTag.adv], () => getAdvDetail(db, keyword)));
  api.public("/api/goods/service", () => cachedCall(deps, "goods-services", null, [CacheTag.site], () => listGoodsServices(db)));
  api.public("/api/pc/friendlyLink", () => cachedCall(deps, "friendly-links", null, [CacheTag.site], () => listFriendlyLinks(db)));
  api.public("/api/pc/navList", () => cachedCall(deps, "nav", null, [CacheTag.site], () => listNavItems(db)));
  // Floors show goods cards (names, prices): any goods change may change them.
  api.public("/api/pc/floors", () => cachedCall(deps, "floors", null, [CacheTag.floor, CacheTag.goodsList], () => listFloors(db)));
}
