import type { FloorGoods } from "@shop/contract";
import { formatPrice } from "../../../lib/format.ts";
import { imageSize, imageUrl } from "../../../lib/image.ts";
import { documentHref } from "../../../lib/links.ts";

/** A wire amount as a number for comparisons ("" or junk → 0). */
const amount = (value: string | number | null | undefined) => Number(value) || 0;

/** vertical: big picture over the text · compact: smaller vertical · row: small picture beside the text */
export type GoodsCardLayout = "vertical" | "compact" | "row";

interface GoodsCardProps {
  goods: FloorGoods;
  /** the introduction line under the name (the large cards) */
  withIntro: boolean;
  fallbackImage: string;
}

/**
 * One goods item of a floor: mid-size picture, name, introduction (large cards), price (2
 * decimals) and the struck-through market price when it is higher; links to the SKU page.
 * The markup is lean on purpose: a floor holds dozens of these and they are most of the home
 * page's HTML. So the parts go without classes (home-floors.css styles them by position: name
 * <span>, intro <small>, prices <p>), the picture's size comes from the stylesheet, the ¥ signs
 * too, and the link is a plain anchor (the floors are server markup, see HomeFloors).
 */
export function GoodsCard({ goods, withIntro, fallbackImage }: GoodsCardProps) {
  const discount = amount(goods.discount_price);
  const shownPrice = discount > 0 ? discount : amount(goods.price);
  const marketPrice = amount(goods.market_price);
  const firstImage = (goods.goods_image ?? "").split(",")[0]?.trim() ?? "";
  const image = imageUrl(firstImage ? imageSize(firstImage, "mid") : fallbackImage);

  return (
    <a href={documentHref(`/sku/${goods.sku_id}`)}>
      {image && <img src={image} alt="" loading="lazy" />}
      <span>{goods.goods_name}</span>
      {withIntro && goods.introduction && <small>{goods.introduction}</small>}
      <p>
        <b>{formatPrice(shownPrice)}</b>
        {marketPrice > shownPrice && <del>{formatPrice(marketPrice)}</del>}
      </p>
    </a>
  );
}
