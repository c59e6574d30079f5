import { useRouteLoaderData } from "react-router";
import { readCookie } from "./client-state.ts";
import { ApiError } from "@shop/contract/client";
import { Code, isTokenCode } from "@shop/contract/codes";
// Values from the contract's schema-free modules only: this file is in every page's bundle.
import type {
  ApiClient, SiteInfo, Copyright, DefaultImages, ServicerChannel, CategoryConfig,
  CategoryNode, NavItem, HelpClass, GoodsServiceItem, FriendlyLink, MemberInfo,
} from "@shop/contract";

/** Data every page's chrome needs, loaded once by the root loader (root.tsx). */
export interface GlobalData {
  site: SiteInfo;
  copyright: Copyright;
  defaultImages: DefaultImages;
  /** the pc channel of /api/config/servicer */
  servicer: ServicerChannel;
  categoryConfig: CategoryConfig;
  /**
   * The header panel's rows: level-1 categories, each with only its first
   * CATEGORY_SHORTCUT_COUNT children. The full tree is not page data: the flyouts load it in the
   * browser (useCategoryTree), pages that need more ask for it (e.g. /goods/category).
   */
  categoryNav: NavCategory[];
  nav: NavLink[];
  /** the footer's columns: FOOTER_HELP_CLASSES classes with FOOTER_HELP_ARTICLES articles each */
  helpClasses: HelpClass[];
  hotWords: string[];
  defaultWord: string;
  services: FooterService[];
  friendlyLinks: FooterFriendlyLink[];
  wapQrcode: string;
  weappQrcode: string;
  /** null for a guest */
  member: MemberInfo | null;
  /**
   * SPEC §8: server messages of failed loads that must be shown as an error toast (category
   * config, category tree, links). Site-closed (-3) failures are not listed.
   */
  loadErrors: string[];
}

export function useGlobalData(): GlobalData {
  const data = useRouteLoaderData("root") as GlobalData | undefined;
  if (!data) throw new Error("root loader data missing");
  return data;
}

/** The cookie holding the login token (set httpOnly by the server on login). */
export const TOKEN_COOKIE = "shop_token";

/** Set-Cookie value that makes the browser forget a dead token. */
export const CLEAR_TOKEN_COOKIE = `${TOKEN_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`;

// ---- fallbacks: the chrome still renders when a call fails (site closed, module missing) ----

const FALLBACK_SITE: SiteInfo = {
  site_id: 0, site_name: "商城", logo: "", logo_square: "", seo_title: "", seo_keywords: "", seo_description: "",
  site_tel: "", web_phone: "", web_email: "", web_qrcode: "", shop_status: 1,
};
const FALLBACK_COPYRIGHT: Copyright = {
  logo: "", company_name: "", copyright_link: "", copyright_desc: "", icp: "", gov_record: "", gov_url: "",
  market_supervision_url: "",
};
const FALLBACK_DEFAULT_IMAGES: DefaultImages = {
  goods: "", head: "", store: "", article: "", default_city_img: "", default_supply_img: "",
};
const FALLBACK_SERVICER: ServicerChannel = { type: "none", third_url: "", system: 0, open_pc: 0, open_url: "" };
const FALLBACK_CATEGORY_CONFIG: CategoryConfig = { category: 1, img: 0 };

/** SPEC §2: with category config 3, a first-level row shows up to 3 second-level short links. */
export const CATEGORY_SHORTCUT_COUNT = 3;
/** SPEC §9: the footer shows 4 help classes with 4 articles each. */
export const FOOTER_HELP_CLASSES = 4;
export const FOOTER_HELP_ARTICLES = 4;

// Every page's HTML carries this data: only the fields the chrome shows are kept.
/** A category as the header panel shows it. */
export type NavCategory = Pick<CategoryNode, "category_id" | "category_name" | "short_name" | "level" | "image"> & {
  child_list: NavCategory[];
};
export type NavLink = Pick<NavItem, "id" | "nav_title" | "nav_url" | "is_blank">;
export type FooterService = Pick<GoodsServiceItem, "id" | "service_name" | "desc" | "icon">;
export type FooterFriendlyLink = Pick<FriendlyLink, "id" | "link_title" | "link_url" | "is_blank">;

const navCategory = ({ category_id, category_name, short_name, level, image }: CategoryNode, child_list: NavCategory[]): NavCategory => ({
  category_id, category_name, short_name, level, image, child_list,
});

/** Level-1 categories with their first few children, without grandchildren. */
export function trimForNav(tree: CategoryNode[]): NavCategory[] {
  return tree.map((category) =>
    navCategory(category, (category.child_list ?? []).slice(0, CATEGORY_SHORTCUT_COUNT).map((child) => navCategory(child, []))),
  );
}

/** The footer's help columns. */
export function trimHelpClasses(classes: HelpClass[]): HelpClass[] {
  return classes.slice(0, FOOTER_HELP_CLASSES).map(({ class_id, class_name, child_list }) => ({
    class_id,
    class_name,
    child_list: (child_list ?? []).slice(0, FOOTER_HELP_ARTICLES).map(({ id, title, link_address }) => ({ id, title, link_address })),
  }));
}

/** "a, b,,c" → ["a", "b", "c"] (SPEC §3: search words are comma-separated). */
export function splitWords(words: string | null | undefined): string[] {
  return (words ?? "").split(/[,，]/).map((word) => word.trim()).filter(Boolean);
}

export interface GlobalDataResult {
  data: GlobalData;
  /** true when the request carried a token the server rejected: the cookie must be cleared */
  clearToken: boolean;
  /** a call answered -3: the shop is closed (the root loader sends the visitor to /close) */
  siteClosed: boolean;
}

/**
 * Loads the chrome's data in parallel. Every call has a fallback, so a closed site (-3, handled
 * by the /close route), a missing module or a failing call never breaks the page.
 */
export async function loadGlobalData(api: ApiClient, request: Request): Promise<GlobalDataResult> {
  const loadErrors: string[] = [];
  let siteClosed = false;
  /** `call`, or `fallback` on failure; `toast` records the server message for the error toast. */
  const attempt = <T>(call: Promise<T>, fallback: T, toast = false): Promise<T> =>
    call.catch((error: unknown) => {
      const closed = error instanceof ApiError && error.code === Code.SITE_CLOSED;
      siteClosed ||= closed;
      if (toast && !closed) loadErrors.push(error instanceof Error && error.message ? error.message : "加载失败");
      return fallback;
    });

  const hasToken = Boolean(readCookie(request.headers.get("cookie"), TOKEN_COOKIE));
  const [
    site, copyright, defaultImages, servicer, categoryConfig, categoryTree, nav, helpClasses, hotWords, defaultWords,
    services, friendlyLinks, wapQrcode, weappQrcode, memberEnvelope,
  ] = await Promise.all([
    attempt(api.call("/api/site/info"), FALLBACK_SITE),
    attempt(api.call("/api/config/copyright"), FALLBACK_COPYRIGHT),
    attempt(api.call("/api/config/defaultimg"), FALLBACK_DEFAULT_IMAGES),
    attempt(api.call("/api/config/servicer").then((config) => config.pc ?? FALLBACK_SERVICER), FALLBACK_SERVICER),
    attempt(api.call("/api/config/categoryconfig"), FALLBACK_CATEGORY_CONFIG, true),
    attempt(api.call("/api/goodscategory/tree", { level: 2 }), [], true),
    attempt(api.call("/api/pc/navList"), []),
    attempt(api.call("/api/helpclass/lists"), []),
    attempt(api.call("/api/goods/hotSearchWords").then((result) => splitWords(result.words)), []),
    attempt(api.call("/api/goods/defaultSearchWords").then((result) => splitWords(result.words)), []),
    attempt(api.call("/api/goods/service"), []),
    attempt(api.call("/api/pc/friendlyLink"), [], true),
    attempt(api.call("/api/site/wapqrcode").then((result) => result.path?.h5?.img ?? ""), ""),
    attempt(api.call("/weapp/api/weapp/qrcode").then((result) => result.qrcode ?? ""), ""),
    hasToken ? api.raw("/api/member/info").catch(() => null) : Promise.resolve(null),
  ]);

  const member = memberEnvelope?.code === Code.SUCCESS ? memberEnvelope.data : null;
  return {
    clearToken: memberEnvelope != null && isTokenCode(memberEnvelope.code),
    siteClosed,
    data: {
      site: { ...FALLBACK_SITE, ...site },
      copyright: { ...FALLBACK_COPYRIGHT, ...copyright },
      defaultImages: { ...FALLBACK_DEFAULT_IMAGES, ...defaultImages },
      servicer: { ...FALLBACK_SERVICER, ...servicer },
      categoryConfig: { ...FALLBACK_CATEGORY_CONFIG, ...categoryConfig },
      categoryNav: Array.isArray(categoryTree) ? trimForNav(categoryTree) : [],
      nav: Array.isArray(nav)
        ? nav.filter((item) => item.is_show !== 0).map(({ id, nav_title, nav_url, is_blank }) => ({ id, nav_title, nav_url, is_blank }))
        : [],
      helpClasses: Array.isArray(helpClasses) ? trimHelpClasses(helpClasses) : [],
      hotWords,
      defaultWord: defaultWords[0] ?? "",
      services: Array.isArray(services) ? services.map(({ id, service_name, desc, icon }) => ({ id, service_name, desc, icon })) : [],
      friendlyLinks: Array.isArray(friendlyLinks)
        ? friendlyLinks.map(({ id, link_title, link_url, is_blank }) => ({ id, link_title, link_url, is_blank }))
        : [],
      wapQrcode,
      weappQrcode,
      member,
      loadErrors,
    },
  };
}
