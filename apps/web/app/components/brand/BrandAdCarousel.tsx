import { Carousel } from "antd";
import type { AdvDetail } from "@shop/contract";
import { AdImage } from "../home/AdImage.tsx";
import { adBackground, adItems } from "../home/ad-detail.ts";

const AUTOPLAY_MS = 5000;

/** The NS_PC_BRAND ad above the wall; nothing when the ad failed or has no pictures (SPEC §8). */
export function BrandAdCarousel({ ad }: { ad: AdvDetail | null }) {
  const items = adItems(ad);
  if (!ad || items.length === 0) return null;
  return (
    <Carousel className="brand-ad" autoplay={items.length > 1} autoplaySpeed={AUTOPLAY_MS} dots={items.length > 1}>
      {items.map((item) => (
        <div key={item.adv_id}>
          <div className="brand-ad__slide" style={{ backgroundColor: adBackground(ad, item) }}>
            <AdImage src={item.adv_image} link={item.adv_url} alt={item.adv_title} className="brand-ad__image" />
          </div>
        </div>
      ))}
    </Carousel>
  );
}
