import type { GroupbuyItem } from "@shop/contract";
import { Link } from "../../chrome/Link.tsx";
import { formatPrice } from "../../../lib/format.ts";
import { imageSize, imageUrl } from "../../../lib/image.ts";
import { GroupbuyEndsIn } from "./GroupbuyEndsIn.tsx";

/** The fields of a list item the card shows: only these go into the page's hydration payload. */
export type GroupbuyCardItem = Pick<
  GroupbuyItem,
  "groupbuy_id" | "goods_name" | "sku_image" | "price" | "groupbuy_price" | "buy_num" | "sell_num" | "stock" | "start_time" | "end_time"
>;

export function groupbuyCardItem(item: GroupbuyItem): GroupbuyCardItem {
  const { groupbuy_id, goods_name, sku_image, price, groupbuy_price, buy_num, sell_num, stock, start_time, end_time } = item;
  return { groupbuy_id, goods_name, sku_image, price, groupbuy_price, buy_num, sell_num, stock, start_time, end_time };
}

export const groupbuyPath = (groupbuyId: number) => `/promotion/groupbuy/${groupbuyId}`;

/** One running group buy: picture, name, 团购价 over the struck original price, 件起购, sold, ends in. */
export function GroupbuyCard({ item, fallbackImage }: { item: GroupbuyCardItem; fallbackImage: string }) {
  const href = groupbuyPath(item.groupbuy_id);
  const image = imageUrl(item.sku_image ? imageSize(item.sku_image, "mid") : fallbackImage);
  const soldOut = item.stock <= 0;
  return (
    <li className={`groupbuy-card${soldOut ? " is-sold-out" : ""}`}>
      <Link className="groupbuy-card__picture" to={href} tabIndex={-1}>
        {image && <img src={image} alt={item.goods_name} loading="lazy" width={220} height={220} />}
        {soldOut && <span className="groupbuy-card__sold-out">已抢光</span>}
      </Link>
      <Link className="groupbuy-card__name" to={href} title={item.goods_name}>
        {item.goods_name}
      </Link>
      <div className="groupbuy-card__prices">
        <span className="groupbuy-card__label">团购价</span>
        <strong className="groupbuy-card__price">
          <small>¥</small>
          {formatPrice(item.groupbuy_price)}
        </strong>
        <del className="groupbuy-card__original" aria-label={`原价 ¥${formatPrice(item.price)}`}>
          ¥{formatPrice(item.price)}
        </del>
      </div>
      <div className="groupbuy-card__meta">
        <span className="groupbuy-card__min">{item.buy_num}件起购</span>
        <span>已售 {item.sell_num}</span>
      </div>
      <div className="groupbuy-card__foot">
        <GroupbuyEndsIn startTime={item.start_time} endTime={item.end_time} />
        <Link className="groupbuy-card__go" to={href}>
          {soldOut ? "查看" : "去团购"}
        </Link>
      </div>
    </li>
  );
}
