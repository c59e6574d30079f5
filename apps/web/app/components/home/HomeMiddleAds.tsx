import type { AdvDetail } from "@shop/contract";
import { HomeAdStrip } from "./HomeAdStrip.tsx";
import { hasAdItems } from "./ad-detail.ts";

interface HomeMiddleAdsProps {
  midLeft: AdvDetail | null;
  midRight: AdvDetail | null;
  categoryBelow: AdvDetail | null;
}

/**
 * The ad positions between the carousel and the floors: MID_LEFT (wide) and MID_RIGHT (narrow) on
 * one row, CATEGORY_BELOW on the next. A failed or empty position simply leaves its place out.
 */
export function HomeMiddleAds({ midLeft, midRight, categoryBelow }: HomeMiddleAdsProps) {
  const hasMidRow = hasAdItems(midLeft) || hasAdItems(midRight);
  const hasBelow = hasAdItems(categoryBelow);
  if (!hasMidRow && !hasBelow) return null;
  return (
    <div className="home-middle-ads">
      {hasMidRow && (
        <div className="home-middle-ads__row">
          <HomeAdStrip ad={midLeft} className="home-middle-ads__left" />
          <HomeAdStrip ad={midRight} className="home-middle-ads__right" />
        </div>
      )}
      <HomeAdStrip ad={categoryBelow} className="home-middle-ads__below" />
    </div>
  );
}
