import { Carousel } from "antd";
import type { AdvDetail } from "@shop/contract";
import { AdImage } from "./AdImage.tsx";
import { adBackground, adItems } from "./ad-detail.ts";

/** Carousel slide duration. */
const AUTOPLAY_MS = 5000;
/** Band colour when the carousel has no picture (failed or empty ad). */
const EMPTY_BACKGROUND = "#e9e9e9";

/**
 * The main carousel (NS_PC_INDEX): each slide's background colour spans the whole window width;
 * the picture sits in the middle of the 1210 px content, clear of the category panel and side column.
 */
export function HomeCarousel({ ad }: { ad: AdvDetail | null }) {
  const items = adItems(ad);
  if (!ad || items.length === 0) {
    return <div className="home-carousel home-carousel--empty" style={{ backgroundColor: EMPTY_BACKGROUND }} />;
  }
  return (
    <Carousel className="home-carousel" autoplay={items.length > 1} autoplaySpeed={AUTOPLAY_MS} dots={items.length > 1}>
      {items.map((item) => (
        <div key={item.adv_id}>
          <div className="home-carousel__slide" style={{ backgroundColor: adBackground(ad, item, EMPTY_BACKGROUND) }}>
            <div className="home-carousel__frame">
              <AdImage src={item.adv_image} link={item.adv_url} alt={item.adv_title} className="home-carousel__image" />
            </div>
          </div>
        </div>
      ))}
    </Carousel>
  );
}
