import type { GoodsSkuInfo } from "@shop/contract";
import { formatPrice } from "../../lib/format.ts";

interface SkuPriceBoxProps {
  sku: GoodsSkuInfo;
  /** the member's level name when logged in, else null */
  memberLevel: string | null;
  saleNum: number;
  evaluate: number;
}

const amount = (value: string) => Number(value) || 0;

/**
 * The price area: the selling (discount) price, the market price struck through when higher, and
 * for a logged-in member the level price when it is lower; sales and evaluations on the right.
 */
export function SkuPriceBox({ sku, memberLevel, saleNum, evaluate }: SkuPriceBoxProps) {
  const price = amount(sku.discount_price);
  const market = amount(sku.market_price);
  const memberPrice = amount(sku.member_price);
  const showMemberPrice = memberLevel !== null && memberPrice > 0 && memberPrice < price;
  return (
    <div className="sku-price">
      <div className="sku-price__rows">
        <div className="sku-price__row">
          <span className="sku-label">售价</span>
          <strong className="sku-price__value">
            <small>¥</small>
            {formatPrice(price)}
          </strong>
          {market > price && (
            <span className="sku-price__market">
              市场价 <del>¥{formatPrice(market)}</del>
            </span>
          )}
        </div>
        {showMemberPrice && (
          <div className="sku-price__row">
            <span className="sku-label">会员价</span>
            <span className="sku-price__member">¥{formatPrice(memberPrice)}</span>
            {memberLevel && <span className="sku-price__level">{memberLevel}专享</span>}
          </div>
        )}
      </div>
      <dl className="sku-price__stats">
        <div>
          <dt>累计评价</dt>
          <dd>{evaluate}</dd>
        </div>
        <div>
          <dt>累计销量</dt>
          <dd>{saleNum}</dd>
        </div>
      </dl>
    </div>
  );
}
