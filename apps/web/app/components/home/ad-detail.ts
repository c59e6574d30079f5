import type { AdvDetail, AdvItem } from "@shop/contract";

/** The slides of an ad position in the server's order; empty when the ad failed or has no pictures. */
export function adItems(ad: AdvDetail | null | undefined): AdvItem[] {
  const list = ad?.adv_list ?? [];
  return list.filter((item) => Boolean(item.adv_image));
}

/** An item's background colour, else its position's, else the fallback. */
export function adBackground(ad: AdvDetail, item: AdvItem | undefined, fallback = "transparent"): string {
  return item?.background || ad.adv_position?.ap_background_color || fallback;
}

/** Whether an ad position has anything to show. */
export function hasAdItems(ad: AdvDetail | null | undefined): boolean {
  return adItems(ad).length > 0;
}
