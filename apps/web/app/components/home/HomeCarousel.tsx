import { Carousel } from "../ui/Carousel.tsx";
import { AdImage } from "./AdImage.tsx";
import { adBackground, adItems, type ShownAd } from "./ad-detail.ts";

/** Band colour when the carousel has no picture (failed or empty ad). */
const EMPTY_BACKGROUND = "#e9e9e9";

/**
 * The main carousel (NS_PC_INDEX): each slide's background colour spans the whole window width;
 * the picture sits in the middle of the 1210 px content, clear of the category panel and side
 * column. The first slide's picture is the page's largest: fetched first, never lazily.
 */
export function HomeCarousel({ ad }: { ad: ShownAd | null }) {
  const items = adItems(ad);
  if (!ad || items.length === 0) {
    return <div className="home-carousel home-carousel--empty" style={{ backgroundColor: EMPTY_BACKGROUND }} />;
  }
  return (
    <Carousel
      className="home-carousel"
      label="焦点图"
      items={items}
      itemKey={(item) => item.adv_id}
      renderSlide={(item, { first, eager }) => (
        <div className="home-carousel__slide" style={{ backgroundColor: adBackground(ad, item, EMPTY_BACKGROUND) }}>
          <div className="home-carousel__frame">
            <AdImage src={item.adv_image} link={item.adv_url} alt={item.adv_title} width={770} height={460} className="home-carousel__image" lazy={!eager} priority={first} />
          </div>
        </div>
      )}
    />
  );
}
