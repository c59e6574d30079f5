import { useState } from "react";
import { CloseIcon } from "../ui/icons.tsx";
import { recordTopAdClose } from "../../lib/client-state.ts";
import { AdImage } from "./AdImage.tsx";
import { adBackground, adItems, type ShownAd } from "./ad-detail.ts";

/**
 * The full-width banner at the very top of the page (NS_PC_INDEX_TOP). Closing it counts towards
 * the 3 closes after which it is never loaded again, hides it for the rest of the visit (SPEC §4)
 * and lets the category panel fold up (recordTopAdClose fires TOP_AD_CLOSED_EVENT for the chrome).
 */
export function HomeTopAd({ ad }: { ad: ShownAd | null }) {
  const [closed, setClosed] = useState(false);
  const item = adItems(ad)[0];
  if (!ad || !item || closed) return null;

  const close = () => {
    setClosed(true);
    recordTopAdClose();
  };

  return (
    <div className="home-top-ad" style={{ backgroundColor: adBackground(ad, item) }}>
      <div className="home-top-ad__inner">
        <AdImage src={item.adv_image} link={item.adv_url} alt={item.adv_title} width={1210} height={80} className="home-top-ad__image" />
        <button type="button" className="home-top-ad__close" aria-label="关闭广告" title="关闭" onClick={close}>
          <CloseIcon />
        </button>
      </div>
    </div>
  );
}
