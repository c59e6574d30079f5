/**
 * Cache tags: what a cached page or public datum shows. A service that changes one of these
 * purges its tag (purgeTags in public-cache.ts) after its write commits, and every page and
 * datum carrying the tag is dropped on every instance.
 */
export const CacheTag = {
  /** one goods: its name, price, images, stock state, on-sale state */
  goods: (goodsId: number) => `goods:${goodsId}`,
  /** any goods list, search result or facet (a goods change can move it in or out of any list) */
  goodsList: "goods-list",
  category: "category",
  brand: "brand",
  /** ad positions and their pictures */
  adv: "adv",
  /** the home page floors */
  floor: "floor",
  /** articles, notices, help */
  cms: "cms",
  /** site settings: name, logo, SEO, open/closed, nav, footer, search words… */
  site: "site",
} as const;

/** Tags every server-rendered page carries: the chrome (header, nav, footer) shows site data and categories. */
export const CHROME_TAGS = [CacheTag.site, CacheTag.category, CacheTag.adv, CacheTag.cms] as const;
