import type { Api } from "../../core/api.ts";
import { getServicerConfig, getSiteInfo, getWapQrcode, readSetting } from "./service.ts";
import { isShopOpen } from "./status.ts";
import { getAdvDetail } from "./adv.ts";
import { listFloors } from "./floors.ts";
import { listFriendlyLinks, listGoodsServices, listNavItems } from "./lists.ts";

export function registerSiteRoutes(api: Api): void {
  const { db } = api.deps;
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
  api.public("/api/adv/detail", ({ keyword }) => getAdvDetail(db, keyword));
  api.public("/api/goods/service", () => listGoodsServices(db));
  api.public("/api/pc/friendlyLink", () => listFriendlyLinks(db));
  api.public("/api/pc/navList", () => listNavItems(db));
  api.public("/api/pc/floors", () => listFloors(db));
}
