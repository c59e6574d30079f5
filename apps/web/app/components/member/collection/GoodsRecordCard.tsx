import type { ReactNode } from "react";
import type { BrowseItem, CollectItem } from "@shop/contract";
import { centsFromWire } from "@shop/contract/money";
import { Link } from "../../chrome/Link.tsx";
import { formatPrice } from "../../../lib/format.ts";
import { imageSize, imageUrl } from "../../../lib/image.ts";
import { useGlobalData } from "../../../lib/global-data.ts";

type RecordGoods = CollectItem | BrowseItem;

/** What the shopper must know before clicking: the goods left the shelf, or sold out. */
export function recordGoodsState(goods: Pick<RecordGoods, "goods_state" | "stock">): string {
  if (goods.goods_state !== 1) return "已下架";
  if (goods.stock <= 0) return "已售罄";
  return "";
}

/**
 * A followed goods or a footprint as a card: picture and name linking to its SKU page, the price the
 * member pays now (会员价 when the level discount lowers it), the market price struck through, and
 * the card's own actions (`children`, at the bottom). `leading` sits over the picture's corner (a checkbox).
 */
export function GoodsRecordCard({ goods, leading, children, selected }: { goods: RecordGoods; leading?: ReactNode; children?: ReactNode; selected?: boolean }) {
  const { defaultImages } = useGlobalData();
  const state = recordGoodsState(goods);
  const pay = centsFromWire(goods.member_price);
  const isMemberPrice = pay < centsFromWire(goods.discount_price);
  const showMarket = centsFromWire(goods.market_price) > pay;
  const href = `/sku/${goods.sku_id}`;
  return (
    <li className={`record-card${state ? " record-card-inactive" : ""}${selected ? " record-card-selected" : ""}`}>
      {leading && <div className="record-card-leading">{leading}</div>}
      <Link to={href} className="record-card-image" tabIndex={-1} aria-hidden>
        <img src={imageUrl(goods.sku_image ? imageSize(goods.sku_image, "mid") : defaultImages.goods)} alt="" loading="lazy" width={175} height={175} />
        {state && <span className="record-card-state">{state}</span>}
      </Link>
      <Link to={href} className="record-card-name" title={goods.sku_name}>
        {goods.sku_name}
      </Link>
      <div className="record-card-price">
        <span className="record-card-pay">
          ¥<strong>{formatPrice(goods.member_price)}</strong>
        </span>
        {isMemberPrice && <span className="record-card-tag">会员价</span>}
        {showMarket && <del className="record-card-market">¥{formatPrice(goods.market_price)}</del>}
      </div>
      {children && <div className="record-card-foot">{children}</div>}
    </li>
  );
}
