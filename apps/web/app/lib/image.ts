/**
 * Picture paths from the API are relative, as the reference's ("upload/a.jpg"), or absolute URLs.
 * The storefront lives under /web/, so a relative path is made root-relative ("/upload/a.jpg");
 * root-relative paths, URLs and data: URIs are kept.
 */
export function imageUrl(path: string | null | undefined): string {
  const value = (path ?? "").trim();
  if (!value) return "";
  if (/^(https?:)?\/\//i.test(value) || value.startsWith("data:") || value.startsWith("/")) return value;
  return "/" + value;
}

/** Image sizes the server generates beside each original (SPEC §9: item images use "mid"). */
export type ImageSize = "big" | "mid" | "small";

/** Either case: the reference's clients name sizes in upper case (a_MID.jpg). */
const SIZE_SUFFIX = /_(big|mid|small)$/i;

/**
 * The URL of a sized variant: "a.jpg" → "a_mid.jpg", "a.jpg?v=2" → "a_mid.jpg?v=2", "a" → "a_mid".
 * Only the last path segment is touched (dots in folder names are not extensions); data:/blob: URIs,
 * empty strings and names that already carry a size suffix come back unchanged.
 */
export function imageSize(url: string, size: ImageSize): string {
  if (!url || /^(data|blob):/i.test(url)) return url;
  const tailStart = url.search(/[?#]/);
  const path = tailStart === -1 ? url : url.slice(0, tailStart);
  const tail = tailStart === -1 ? "" : url.slice(tailStart);
  const slash = path.lastIndexOf("/");
  const folder = path.slice(0, slash + 1);
  const name = path.slice(slash + 1);
  if (!name) return url;
  const dot = name.lastIndexOf(".");
  const base = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot) : "";
  if (SIZE_SUFFIX.test(base)) return url;
  return `${folder}${base}_${size}${extension}${tail}`;
}
