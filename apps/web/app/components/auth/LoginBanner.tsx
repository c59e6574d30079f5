import { useState, type ReactNode } from "react";
import { Carousel } from "antd";
import type { AdvItem } from "@shop/contract";
import { imageUrl } from "../../lib/image.ts";
import { AppLink } from "../chrome/AppLink.tsx";

/** Seconds each login ad stays before the next one. */
const AD_INTERVAL_MS = 5000;

/**
 * The login page's full-width band: the NS_PC_LOGIN ads (1210 × 460) fill the page column and
 * rotate, the band takes the current ad's background colour, and the login box floats on the
 * right. Without ads, a red band with the shop's promises.
 */
export function LoginBanner({ ads, children }: { ads: AdvItem[]; children: ReactNode }) {
  const [current, setCurrent] = useState(0);
  const shown = ads.filter((ad) => ad.adv_image);
  const background = shown[current]?.background;
  return (
    <div className={shown.length ? "auth-login-banner" : "auth-login-banner auth-login-banner-plain"} style={background ? { backgroundColor: background } : undefined}>
      <div className="auth-login-inner">
        {shown.length > 0 ? (
          <div className="auth-login-ads">
            <Carousel effect="fade" autoplay={shown.length > 1} autoplaySpeed={AD_INTERVAL_MS} dots={shown.length > 1} afterChange={setCurrent}>
              {shown.map((ad) => (
                <AppLink key={ad.adv_id} to={ad.adv_url} className="auth-login-ad">
                  <img src={imageUrl(ad.adv_image)} alt={ad.adv_title} />
                </AppLink>
              ))}
            </Carousel>
          </div>
        ) : (
          <div className="auth-login-slogan">
            <strong>品质好物 一站购齐</strong>
            <span>正品保障 · 极速配送 · 无忧售后</span>
          </div>
        )}
        {children}
      </div>
    </div>
  );
}
