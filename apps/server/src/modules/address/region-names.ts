import type { Region } from "@shop/contract";

/**
 * Matching a region name as people and other systems write it ("广东" or "广东省", "恩施州" for
 * 恩施土家族苗族自治州) against a list of sibling regions. Best match first:
 * 1. the exact name, 2. the exact short name, 3. a name starting with what was typed once its
 * administrative suffix is cut (the shortest such name, then the lowest code, so the answer is
 * always the same). Nothing shorter than two characters matches by prefix.
 */
const TYPED_SUFFIXES = ["特别行政区", "自治区", "自治州", "地区", "省", "市", "州", "盟", "区", "县"];

function typedStem(typed: string): string {
  const suffix = TYPED_SUFFIXES.find((candidate) => typed.endsWith(candidate) && typed.length - candidate.length >= 2);
  return suffix ? typed.slice(0, -suffix.length) : typed;
}

export function pickRegionByName<R extends Pick<Region, "id" | "name" | "shortname">>(regions: R[], typed: string): R | undefined {
  const name = typed.trim();
  if (!name) return undefined;
  const exact = regions.find((region) => region.name === name) ?? regions.find((region) => region.shortname === name);
  if (exact) return exact;
  const stem = typedStem(name);
  if (stem.length < 2) return undefined;
  return regions
    .filter((region) => region.name.startsWith(stem))
    .sort((left, right) => left.name.length - right.name.length || left.id - right.id)[0];
}
