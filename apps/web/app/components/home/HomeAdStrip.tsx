import { AdImage } from "./AdImage.tsx";
import { adItems, type ShownAd } from "./ad-detail.ts";

interface HomeAdStripProps {
  ad: ShownAd | null;
  /** the size each picture is shown at */
  width: number;
  height: number;
  className?: string;
}

/** The pictures of one ad position side by side, sharing the width equally. Nothing when empty. */
export function HomeAdStrip({ ad, width, height, className }: HomeAdStripProps) {
  const items = adItems(ad);
  if (items.length === 0) return null;
  return (
    <div className={`home-ad-strip ${className ?? ""}`.trim()}>
      {items.map((item) => (
        <AdImage key={item.adv_id} src={item.adv_image} link={item.adv_url} alt={item.adv_title} width={width} height={height} className="home-ad-strip__item" lazy />
      ))}
    </div>
  );
}
