/**
 * Link fields of the contract: `nav_url`, `adv_url`, `link` are JSON strings '{"url": "…"}';
 * friendly links and help articles carry a bare URL. Both resolve to one string here, and
 * components render it with <AppLink> (router Link for our paths, <a> for other sites).
 */

/** The url held by a JSON link field, or the value itself when it is a bare URL; "" when none. */
export function parseJsonUrl(value: string | null | undefined): string {
  const text = (value ?? "").trim();
  if (!text) return "";
  if (!text.startsWith("{")) return text;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && "url" in parsed) {
      const url = (parsed as { url: unknown }).url;
      return typeof url === "string" ? url.trim() : "";
    }
  } catch {
    // malformed JSON from the back office: no link rather than a broken page
  }
  return "";
}

/** True for links that leave the storefront (other sites, mail, phone). */
export function isExternalUrl(url: string): boolean {
  return /^(https?:)?\/\//i.test(url) || /^(mailto|tel):/i.test(url);
}

/** The router basename (react-router.config.ts); links may be stored with or without it. */
const BASENAME = "/web";

/** A storefront path for the router: without the /web basename, always starting with "/". */
export function toRouterPath(url: string): string {
  let path = url.startsWith(BASENAME + "/") || url === BASENAME ? url.slice(BASENAME.length) : url;
  if (!path.startsWith("/")) path = "/" + path;
  return path;
}

/** The document href of a storefront path (basename added), for plain anchors. */
export function documentHref(url: string): string {
  const path = toRouterPath(url);
  return path === "/" ? `${BASENAME}/` : BASENAME + path;
}

/** /goods/list link of a category (SPEC §2 goods list: category_id and level). */
export function categoryListPath(categoryId: number, level: number): string {
  return `/goods/list?category_id=${categoryId}&level=${level}`;
}

/** /goods/list or /street search link for a keyword. */
export function searchPath(keyword: string, target: "goods" | "shop" = "goods"): string {
  const base = target === "shop" ? "/street" : "/goods/list";
  return keyword ? `${base}?keyword=${encodeURIComponent(keyword)}` : base;
}
