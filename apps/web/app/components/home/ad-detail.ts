import type { AdvDetail, AdvItem } from "@shop/contract";
import { parseJsonUrl } from "../../lib/links.ts";

/** One picture of an ad position as the pages show it; adv_url is the resolved link ("" for none). */
export type ShownAdItem = Pick<AdvItem, "adv_id" | "adv_title" | "adv_url" | "adv_image" | "background">;

/**
 * What a page shows of an ad position: the pictures in the server's order and the position's
 * band colour. Only these go into the loader data (and so into the HTML's hydration payload).
 */
export interface ShownAd {
  color: string;
  items: ShownAdItem[];
}

/** The pictures of a loaded position; null when it failed or has none (SPEC §8: the ad just stays away). */
export function shownAd(ad: AdvDetail | null | undefined): ShownAd | null {
  const items = (ad?.adv_list ?? [])
    .filter((item) => Boolean(item.adv_image))
    .map(({ adv_id, adv_title, adv_url, adv_image, background }) => ({ adv_id, adv_title, adv_url: parseJsonUrl(adv_url), adv_image, background }));
  return ad && items.length > 0 ? { color: ad.adv_position?.ap_background_color ?? "", items } : null;
}

/** The pictures of an ad position; empty when there is none. */
export function adItems(ad: ShownAd | null | undefined): ShownAdItem[] {
  return ad?.items ?? [];
}

/** An item's background colour, else its position's, else the fallback. */
export function adBackground(ad: ShownAd, item: ShownAdItem | undefined, fallback = "transparent"): string {
  return item?.background || ad.color || fallback;
}

/** Whether an ad position has anything to show. */
export function hasAdItems(ad: ShownAd | null | undefined): boolean {
  return adItems(ad).length > 0;
}
