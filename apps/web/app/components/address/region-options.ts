import type { Region } from "@shop/contract";
import { browserApi } from "../../lib/api.ts";

/**
 * The children of a region, loaded once per page life: regions never change while the shop runs,
 * so switching a province back and forth (or opening the form twice on the checkout page) asks the
 * server only the first time. A failed load is forgotten so the next attempt asks again.
 */
const childrenByPid = new Map<number, Promise<Region[]>>();

export function loadRegionChildren(pid: number): Promise<Region[]> {
  let children = childrenByPid.get(pid);
  if (!children) {
    children = browserApi.call("/api/address/lists", { pid });
    childrenByPid.set(pid, children);
    children.catch(() => childrenByPid.delete(pid));
  }
  return children;
}

/** The value of a RegionSelect: the three levels chosen so far (absent = not chosen). */
export interface RegionValue {
  province_id?: number;
  city_id?: number;
  district_id?: number;
}

export const isCompleteRegion = (value: RegionValue | undefined): value is Required<RegionValue> =>
  Boolean(value?.province_id && value.city_id && value.district_id);

/** The first level still missing, as the form says it: 请选择省份 / 城市 / 区县. */
export function missingRegionMessage(value: RegionValue | undefined): string | null {
  if (!value?.province_id) return "请选择省份";
  if (!value.city_id) return "请选择城市";
  if (!value.district_id) return "请选择区/县";
  return null;
}
