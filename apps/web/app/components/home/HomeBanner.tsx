import { useCategoryNavExpanded } from "../chrome/category-nav-expansion.tsx";
import { HomeCarousel } from "./HomeCarousel.tsx";
import type { ShownAd } from "./ad-detail.ts";
import type { HomeNotice } from "./home-data.ts";
import { HomeNotices } from "./HomeNotices.tsx";
import { HomeUserBox } from "./HomeUserBox.tsx";

/**
 * The first screen under the header: the full-width carousel, with the 1210 px content laid over
 * it — a 210 px gutter on the left where the expanded category panel (chrome) hangs, and a right
 * column with the user box and the notices. When the panel is folded (top ad closed) the picture
 * takes the gutter too.
 */
export function HomeBanner({ carousel, notices }: { carousel: ShownAd | null; notices: HomeNotice[] }) {
  const categoryPanelOpen = useCategoryNavExpanded();
  return (
    <section className={categoryPanelOpen ? "home-banner home-banner--with-category" : "home-banner"} aria-label="首页焦点图">
      <HomeCarousel ad={carousel} />
      <div className="home-banner__overlay">
        <div className="home-banner__category-gutter" />
        <aside className="home-banner__side">
          <HomeUserBox />
          <HomeNotices notices={notices} />
        </aside>
      </div>
    </section>
  );
}
