import { pictureUrl } from "@shop/contract/picture-path";

/** A picture path as the storefront links it (packages/contract picture-path.ts). */
export const imageUrl = pictureUrl;

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
