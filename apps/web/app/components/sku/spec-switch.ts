/**
 * Spec switching changes the URL (/sku/{other id}) without reloading the page's data: the new SKU
 * comes from /api/goodssku/info. The page marks the SKU it is switching to for the time of that
 * navigation, and the route's shouldRevalidate (which the router may ask more than once per
 * navigation) skips the loader for it.
 */
let switchingTo: string | null = null;

export function markSpecSwitch(skuId: number | null): void {
  switchingTo = skuId === null ? null : String(skuId);
}

/** True while navigating to `id` is the marked spec switch. */
export const isSpecSwitch = (id: string | undefined): boolean => switchingTo !== null && id === switchingTo;
