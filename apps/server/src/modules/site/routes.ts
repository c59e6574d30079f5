import type { Api } from "../../core/api.ts";
import { getServicerConfig, getSiteInfo, getWapQrcode, readSetting } from "./service.ts";
import { isShopOpen } from "./status.ts";
import { getAdvDetail } from "./adv.ts";
import { listFloors } from "./floors.ts";
import { listFriendlyLinks, listGoodsServices, listNavItems } from "./lists.ts";

export function registerSiteRoutes(api: Api): void {
  const { db } = api.deps;
  api.post("/api/site/info", () => getSiteInfo(db));
  api.post("/api/site/status", async () => ({ shop_status: (await isShopOpen(db)) ? 1 : 0 }));
  api.post("/api/site/wapqrcode", () => getWapQrcode(db));
  api.post("/api/config/copyright", () => readSetting(db, "copyright"));
  api.post("/api/config/defaultimg", () => readSetting(db, "default_img"));
  api.post("/api/config/servicer", () => getServicerConfig(db));
  api.post("/api/config/categoryconfig", () => readSetting(db, "category_config"));
  api.post("/api/addon/addonisexit", () => readSetting(db, "addons"));
  api.post("/weapp/api/weapp/qrcode", () => readSetting(db, "weapp_qrcode"));
  api.post("/api/pc/floatLayer", () => readSetting(db, "float_layer"));
  api.post("/api/goods/hotSearchWords", () => readSetting(db, "hot_search_words"));
  api.post("/api/goods/defaultSearchWords", () => readSetting(db, "default_search_words"));
  api.post("/api/adv/detail", ({ keyword }) => getAdvDetail(db, keyword));
  api.post("/api/goods/service", () => listGoodsServices(db));
  api.post("/api/pc/friendlyLink", () => listFriendlyLinks(db));
  api.post("/api/pc/navList", () => listNavItems(db));
  api.post("/api/pc/floors", () => listFloors(db));
}
