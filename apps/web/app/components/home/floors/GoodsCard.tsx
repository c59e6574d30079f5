import { Link } from "react-router";
import type { FloorGoods } from "@shop/contract";
import { useGlobalData } from "../../../lib/global-data.ts";
import { formatPrice } from "../../../lib/format.ts";
import { imageSize, imageUrl } from "../../../lib/image.ts";

/** A wire amount as a number for comparisons ("" or junk → 0). */
const amount = (value: string | number | null | undefined) => Number(value) || 0;

/** vertical: big picture over the text · compact: smaller vertical · row: small picture beside the text */
export type GoodsCardLayout = "vertical" | "compact" | "row";

/**
 * One goods item of a floor: mid-size picture, name, price (2 decimals) and the struck-through
 * market price when it is higher; links to the SKU page.
 */
export function GoodsCard({ goods, layout = "vertical" }: { goods: FloorGoods; layout?: GoodsCardLayout }) {
  const { defaultImages } = useGlobalData();
  const discount = amount(goods.discount_price);
  const shownPrice = discount > 0 ? discount : amount(goods.price);
  const marketPrice = amount(goods.market_price);
  const firstImage = (goods.goods_image ?? "").split(",")[0]?.trim() ?? "";
  const image = imageUrl(firstImage ? imageSize(firstImage, "mid") : defaultImages.goods);

  return (
    <Link className={`home-goods-card home-goods-card--${layout}`} to={`/sku/${goods.sku_id}`} title={goods.goods_name}>
      <span className="home-goods-card__picture">
        {image && <img className="home-goods-card__img" src={image} alt={goods.goods_name} loading="lazy" />}
      </span>
      <span className="home-goods-card__text">
        <span className="home-goods-card__name">{goods.goods_name}</span>
        {layout === "vertical" && goods.introduction && <span className="home-goods-card__intro">{goods.introduction}</span>}
        <span className="home-goods-card__prices">
          <span className="home-goods-card__price">
            <small>¥</small>
            {formatPrice(shownPrice)}
          </span>
          {marketPrice > shownPrice && <del className="home-goods-card__market">¥{formatPrice(marketPrice)}</del>}
        </span>
      </span>
    </Link>
  );
}
