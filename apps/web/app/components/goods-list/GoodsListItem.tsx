import { Link } from "../chrome/Link.tsx";
import { formatPrice } from "../../lib/format.ts";
import { imageSize, imageUrl } from "../../lib/image.ts";
import { HighlightedName } from "./HighlightedName.tsx";
import type { ListedGoods } from "./list-data.ts";

interface GoodsListItemProps {
  item: ListedGoods;
  keyword: string;
  /** a member is logged in: show the member price when it is lower */
  isMember: boolean;
  fallbackImage: string;
}

/** One result: mid-size picture, price (member price when lower), name, sales and tags; links to the SKU. */
export function GoodsListItem({ item, keyword, isMember, fallbackImage }: GoodsListItemProps) {
  const discount = Number(item.discount_price) || 0;
  const memberPrice = Number(item.member_price) || 0;
  const promotion = item.promotion;
  const showMemberPrice = !promotion && isMember && memberPrice > 0 && memberPrice < discount;
  const market = Number(item.market_price) || 0;
  const image = imageUrl(item.picture ? imageSize(item.picture, "mid") : fallbackImage);
  const href = `/sku/${item.sku_id}`;
  return (
    <li className="goods-list-item">
      <Link className="goods-list-item__picture" to={href} tabIndex={-1}>
        {image && <img src={image} alt={item.goods_name} loading="lazy" width={220} height={220} />}
      </Link>
      <div className="goods-list-item__prices">
        <span className="goods-list-item__price">
          <small>¥</small>
          {formatPrice(promotion ? promotion.price : showMemberPrice ? memberPrice : discount)}
        </span>
        {promotion && <span className={`goods-list-item__promo goods-list-item__promo--${promotion.kind}`}>{promotion.name}价</span>}
        {showMemberPrice && <span className="goods-list-item__member">会员价</span>}
        {promotion || showMemberPrice ? (
          <del className="goods-list-item__market">¥{formatPrice(discount)}</del>
        ) : (
          market > discount && <del className="goods-list-item__market">¥{formatPrice(market)}</del>
        )}
      </div>
      <Link className="goods-list-item__name" to={href} title={item.goods_name}>
        <HighlightedName name={item.goods_name} keyword={keyword} />
      </Link>
      {item.introduction && <p className="goods-list-item__intro">{item.introduction}</p>}
      <div className="goods-list-item__meta">
        <span>
          已售 <em>{item.sale_num}</em> {item.unit}
        </span>
        {item.brand_name && <span className="goods-list-item__brand">{item.brand_name}</span>}
      </div>
      <div className="goods-list-item__tags">
        {promotion && <span className="goods-list-item__tag goods-list-item__tag--promo">{promotion.name}</span>}
        {item.is_free_shipping === 1 && <span className="goods-list-item__tag">包邮</span>}
        {item.label_name && <span className="goods-list-item__tag goods-list-item__tag--label">{item.label_name}</span>}
        {item.stock <= 0 && <span className="goods-list-item__tag goods-list-item__tag--out">暂时缺货</span>}
      </div>
    </li>
  );
}
