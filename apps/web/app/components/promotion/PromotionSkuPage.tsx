import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { Link } from "../chrome/Link.tsx";
import { BrowseCrumbs } from "../category/BrowseCrumbs.tsx";
import { SkuGallery } from "../sku/SkuGallery.tsx";
import { splitImages } from "../sku/sku-images.ts";
import { clampQuantity, type QuantityRange } from "../sku/sku-quantity.ts";
import { QuantityStepper } from "../ui/QuantityStepper.tsx";
import { formatPrice } from "../../lib/format.ts";
import { useGlobalData } from "../../lib/global-data.ts";
import { goToPromotionPayment, type OrderCreateData } from "./order-create-data.ts";
import { PROMOTION_PAGES, type PromotionPageKind } from "./promotion-pages.ts";
import { YuanPrice } from "./YuanPrice.tsx";

/**
 * What the promotions' detail pages (/promotion/seckill/{id}, /promotion/groupbuy/{id}) share, on the
 * SKU page's styles (sku.css) and promotion.css: the page — crumbs back to the promotion's list, the
 * gallery with the chosen SKU's picture first, its name under the promotion's label, the page's own
 * buying column, the buy button and 查看商品详情 — the price box and the quantity row. The buy button
 * hands the order-create data to the promotion's payment page (order-create-data.ts; a guest logs in
 * first and goes on to it).
 */

interface PromotionSkuPageProps {
  kind: PromotionPageKind;
  goods: { goods_name: string; goods_image: string };
  /** the SKU chosen (none when the promotion offers none) */
  sku: { sku_id: number; sku_name: string; sku_image: string } | undefined;
  /** the buying column between the name and the actions: banner, price, specs, quantity */
  children: ReactNode;
  /** what the buy button says: 立即抢购, or why it is off (已抢光 …) */
  buyText: string;
  /** what it buys; null turns it off */
  order: OrderCreateData | null;
  /** below the picture and the buying column (the goods' description) */
  after?: ReactNode;
}

export function PromotionSkuPage({ kind, goods, sku, children, buyText, order, after }: PromotionSkuPageProps) {
  const { member, defaultImages } = useGlobalData();
  const navigate = useNavigate();
  const { name: label, listPath } = PROMOTION_PAGES[kind];
  const goodsImages = splitImages(goods.goods_image);
  const images = sku?.sku_image ? [sku.sku_image, ...goodsImages.filter((image) => image !== sku.sku_image)] : goodsImages;
  const name = sku?.sku_name || goods.goods_name;
  return (
    <div className={`sku-page ${kind}-detail shop-container`}>
      <BrowseCrumbs items={[{ label, to: listPath }, { label: goods.goods_name }]} />
      <section className="sku-intro">
        <SkuGallery key={images.join(",")} images={images} name={name} fallback={defaultImages.goods} />
        <div className="sku-info">
          <h1 className="sku-info__name">
            <span className="sku-info__label">{label}</span>
            {name}
          </h1>
          {children}
          <div className="sku-actions">
            <button
              type="button"
              className="ui-button ui-button--primary ui-button--large"
              disabled={!order}
              onClick={() => order && goToPromotionPayment(navigate, order, member !== null)}
            >
              {buyText}
            </button>
            {sku && (
              <Link className="ui-button ui-button--large promo-actions__goods" to={`/sku/${sku.sku_id}`}>
                查看商品详情
              </Link>
            )}
          </div>
        </div>
      </section>
      {after}
    </div>
  );
}

interface PromotionPriceProps {
  kind: PromotionPageKind;
  /** the SKU's price at the promotion, and its own (struck through when dearer) */
  price: number;
  original: number;
  /** rows below the price (the sold bar, the dates) */
  children?: ReactNode;
  /** figures beside it: [term, value] (已抢, 剩余 …) */
  stats: Array<[term: string, value: ReactNode]>;
}

/** The price box (promo-price and the kind's own, seckill-price): 秒杀价 / 团购价, 原价 struck through, the page's rows and figures. */
export function PromotionPrice({ kind, price, original, children, stats }: PromotionPriceProps) {
  return (
    <div className={`sku-price promo-price ${kind}-price`}>
      <div className="sku-price__rows">
        <div className="sku-price__row">
          <span className="sku-label">{PROMOTION_PAGES[kind].name}价</span>
          <YuanPrice className="sku-price__value" value={price} />
          {original > price && <span className="sku-price__market">原价 <del>¥{formatPrice(original)}</del></span>}
        </div>
        {children}
      </div>
      <dl className="sku-price__stats">
        {stats.map(([term, value]) => (
          <div key={term}><dt>{term}</dt><dd>{value}</dd></div>
        ))}
      </dl>
    </div>
  );
}

interface PromotionQuantityProps {
  range: QuantityRange;
  value: number;
  disabled: boolean;
  /** the quantity wanted, within the range */
  onChange: (value: number) => void;
  /** what follows the stepper: stock, minimum, limit */
  children: ReactNode;
}

/** 数量: the stepper within the range, then the page's notes. */
export function PromotionQuantity({ range, value, disabled, onChange, children }: PromotionQuantityProps) {
  const change = (wanted: number) => onChange(clampQuantity(wanted, range));
  return (
    <div className="sku-row sku-quantity">
      <span className="sku-label">数量</span>
      <QuantityStepper aria-label="购买数量" min={range.min} max={range.max} value={value} disabled={disabled} onChange={change} />
      {children}
    </div>
  );
}
