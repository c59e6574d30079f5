import { AdImage } from "../home/AdImage.tsx";
import { adBackground, adItems, type ShownAd } from "../home/ad-detail.ts";
import { Carousel } from "../ui/Carousel.tsx";

/** The NS_PC_BRAND ad above the wall; nothing when the ad failed or has no pictures (SPEC §8). */
export function BrandAdCarousel({ ad }: { ad: ShownAd | null }) {
  const items = adItems(ad);
  if (!ad || items.length === 0) return null;
  return (
    <Carousel
      className="brand-ad"
      label="品牌广告"
      items={items}
      itemKey={(item) => item.adv_id}
      renderSlide={(item, { first, eager }) => (
        <div className="brand-ad__slide" style={{ backgroundColor: adBackground(ad, item) }}>
          <AdImage src={item.adv_image} link={item.adv_url} alt={item.adv_title} width={1210} height={300} className="brand-ad__image" lazy={!eager} priority={first} />
        </div>
      )}
    />
  );
}
