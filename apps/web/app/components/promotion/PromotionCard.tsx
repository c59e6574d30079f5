import type { ReactNode } from "react";
import { Link } from "../chrome/Link.tsx";
import { formatPrice } from "../../lib/format.ts";
import { imageSize, imageUrl } from "../../lib/image.ts";
import { PROMOTION_PAGES, type PromotionPageKind } from "./promotion-pages.ts";
import { YuanPrice } from "./YuanPrice.tsx";

interface PromotionCardProps {
  kind: PromotionPageKind;
  /** is-running, is-sold-out … ("" for none) */
  state: string;
  href: string;
  item: { goods_name: string; sku_image: string; price: string };
  /** the promotion's price (秒杀价, 团购价) */
  promotionPrice: string;
  fallbackImage: string;
  /** over the picture (已抢光) */
  stamp?: ReactNode;
  /** the card's own rows below the prices */
  children: ReactNode;
}

/**
 * A goods of a promotion's list (styles/promotion.css; the kind's own in seckill-card,
 * groupbuy-card): picture and name leading to the promotion's page, its price under its label over
 * the struck original price, then the list's own rows (the sold bar, 件起购, the button).
 */
export function PromotionCard({ kind, state, href, item, promotionPrice, fallbackImage, stamp, children }: PromotionCardProps) {
  const image = imageUrl(item.sku_image ? imageSize(item.sku_image, "mid") : fallbackImage);
  return (
    <li className={`promo-card ${kind}-card ${state}`.trim()}>
      <Link className="promo-card__picture" to={href} tabIndex={-1}>
        {image && <img src={image} alt={item.goods_name} loading="lazy" width={220} height={220} />}
        {stamp}
      </Link>
      <Link className="promo-card__name" to={href} title={item.goods_name}>
        {item.goods_name}
      </Link>
      <div className="promo-card__prices">
        <span className="promo-card__label">{PROMOTION_PAGES[kind].name}价</span>
        <YuanPrice className="promo-card__price" value={promotionPrice} />
        <del className="promo-card__original" aria-label={`原价 ¥${formatPrice(item.price)}`}>
          ¥{formatPrice(item.price)}
        </del>
      </div>
      {children}
    </li>
  );
}
