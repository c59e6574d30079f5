import type { GroupbuyItem } from "@shop/contract";
import { Link } from "../../chrome/Link.tsx";
import { pickFields } from "../pick-fields.ts";
import { PromotionCard } from "../PromotionCard.tsx";
import { GroupbuyEndsIn } from "./GroupbuyEndsIn.tsx";

/** The fields of a list item the card shows: only these go into the page's hydration payload. */
const CARD_FIELDS = ["groupbuy_id", "goods_name", "sku_image", "price", "groupbuy_price", "buy_num", "sell_num", "stock", "start_time", "end_time"] as const;
export type GroupbuyCardItem = Pick<GroupbuyItem, (typeof CARD_FIELDS)[number]>;

export const groupbuyCardItem = (item: GroupbuyItem): GroupbuyCardItem => pickFields(item, CARD_FIELDS);

export const groupbuyPath = (groupbuyId: number) => `/promotion/groupbuy/${groupbuyId}`;

/** One running group buy: picture, name, 团购价 over the struck original price, 件起购, sold, ends in. */
export function GroupbuyCard({ item, fallbackImage }: { item: GroupbuyCardItem; fallbackImage: string }) {
  const href = groupbuyPath(item.groupbuy_id);
  const soldOut = item.stock <= 0;
  return (
    <PromotionCard
      kind="groupbuy" state={soldOut ? "is-sold-out" : ""} href={href} item={item} promotionPrice={item.groupbuy_price} fallbackImage={fallbackImage}
      stamp={soldOut && <span className="groupbuy-card__sold-out">已抢光</span>}
    >
      <div className="groupbuy-card__meta">
        <span className="groupbuy-card__min">{item.buy_num}件起购</span>
        <span>已售 {item.sell_num}</span>
      </div>
      <div className="promo-card__foot">
        <GroupbuyEndsIn startTime={item.start_time} endTime={item.end_time} />
        <Link className="promo-card__go" to={href}>
          {soldOut ? "查看" : "去团购"}
        </Link>
      </div>
    </PromotionCard>
  );
}
