import type { Api } from "../../core/api.ts";
import { getServicerConfig, getSiteInfo, getWapQrcode, readSetting } from "./service.ts";
import { isShopOpen } from "./status.ts";
import { getAdvDetail } from "./adv.ts";
import { listFloors } from "./floors.ts";
import { listFriendlyLinks, listGoodsServices, listNavItems } from "./lists.ts";
import { cachedCall } from "../../core/cache/public-cache.ts";
import { CacheTag } from "../../core/cache/tags.ts";

/** Site data: settings (cached in readSetting), ads, floors and the chrome's lists (cached here, purged by tag). */
export function registerSiteRoutes(api: Api): void {
  const { deps } = api;
  const { db } = deps;
  api.public("/api/site/info", () => getSiteInfo(db));
  api.public("/api/site/status", async () => ({ shop_status: (await isShopOpen(db)) ? 1 : 0 }));
  api.public("/api/site/wapqrcode", () => getWapQrcode(db));
  api.public("/api/config/copyright", () => readSetting(db, "copyright"));
  api.public("/api/config/defaultimg", () => readSetting(db, "default_img"));
  api.public("/api/config/servicer", () => getServicerConfig(db));
  api.public("/api/config/categoryconfig", () => readSetting(db, "category_config"));
  api.public("/api/addon/addonisexit", () => readSetting(db, "addons"));
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
