import type { AdvDetail } from "@shop/contract";
import { AdImage } from "./AdImage.tsx";
import { adItems } from "./ad-detail.ts";

/** The pictures of one ad position side by side, sharing the width equally. Nothing when empty. */
export function HomeAdStrip({ ad, className }: { ad: AdvDetail | null; className?: string }) {
  const items = adItems(ad);
  if (items.length === 0) return null;
  return (
    <div className={`home-ad-strip ${className ?? ""}`.trim()}>
      {items.map((item) => (
        <AdImage key={item.adv_id} src={item.adv_image} link={item.adv_url} alt={item.adv_title} className="home-ad-strip__item" lazy />
      ))}
    </div>
  );
}
