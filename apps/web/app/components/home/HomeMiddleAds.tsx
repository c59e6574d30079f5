import { HomeAdStrip } from "./HomeAdStrip.tsx";
import { hasAdItems, type ShownAd } from "./ad-detail.ts";

interface HomeMiddleAdsProps {
  midLeft: ShownAd | null;
  midRight: ShownAd | null;
  categoryBelow: ShownAd | null;
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
          <HomeAdStrip ad={midLeft} width={800} height={200} className="home-middle-ads__left" />
          <HomeAdStrip ad={midRight} width={400} height={200} className="home-middle-ads__right" />
        </div>
      )}
      <HomeAdStrip ad={categoryBelow} width={295} height={120} className="home-middle-ads__below" />
    </div>
  );
}
