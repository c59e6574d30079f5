import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { Link } from "../../chrome/Link.tsx";
import { BrowseCrumbs } from "../../category/BrowseCrumbs.tsx";
import { SkuGallery } from "../../sku/SkuGallery.tsx";
import { SkuSpecs } from "../../sku/SkuSpecs.tsx";
import { splitImages } from "../../sku/sku-images.ts";
import { clampQuantity } from "../../sku/sku-quantity.ts";
import { QuantityStepper } from "../../ui/QuantityStepper.tsx";
import { formatPrice, formatTime } from "../../../lib/format.ts";
import { useGlobalData } from "../../../lib/global-data.ts";
import { specChoice } from "../spec-choice.ts";
import { GroupbuyEndsIn } from "./GroupbuyEndsIn.tsx";
import { groupbuyBlocker, groupbuyQuantityRange, type GroupbuyPageData } from "./groupbuy-detail.ts";
import { goToPromotionPayment } from "../order-create-data.ts";

/**
 * /promotion/groupbuy/{id}: the SKU page's buying column for a group buy — gallery, the group buy's
 * SKUs to choose among, 团购价 with the original price, the time window, the quantity starting at
 * buy_num (fewer cannot be chosen) and 立即购买, which hands the order-create data to
 * /promotion/groupbuy/payment (order-create-data.ts; a guest logs in first and goes on to it).
 */
export function GroupbuyPage({ detail, startSku }: { detail: GroupbuyPageData; startSku: number }) {
  const { member, defaultImages } = useGlobalData();
  const navigate = useNavigate();
  const [skuId, setSkuId] = useState(startSku);
  const sku = detail.sku_list.find((item) => item.sku_id === skuId) ?? detail.sku_list[0];
  const specs = useMemo(() => specChoice(detail.goods_spec_format, detail.sku_list, skuId), [detail.goods_spec_format, detail.sku_list, skuId]);
  const range = groupbuyQuantityRange(detail.buy_num, sku?.stock ?? 0, detail.max_buy);
  const [wanted, setWanted] = useState(range.min);
  const quantity = clampQuantity(wanted, range);
  const blocker = sku ? groupbuyBlocker(detail, range) : "暂无可购买的规格";
  const unit = detail.unit || "件";
  const goodsImages = splitImages(detail.goods_image);
  const images = sku?.sku_image ? [sku.sku_image, ...goodsImages.filter((image) => image !== sku.sku_image)] : goodsImages;
  const name = sku?.sku_name || detail.goods_name;
  const price = Number(sku?.price ?? detail.price) || 0;
  const groupPrice = Number(sku?.groupbuy_price ?? detail.groupbuy_price) || 0;

  const buyNow = () => {
    if (!sku || blocker) return;
    // A guest logs in first and comes back to the payment page with the same choice.
    goToPromotionPayment(navigate, { kind: "groupbuy", groupbuy_id: detail.groupbuy_id, sku_id: sku.sku_id, num: quantity }, member !== null);
  };

  return (
    <div className="sku-page groupbuy-detail shop-container">
      <BrowseCrumbs items={[{ label: "团购", to: "/promotion/groupbuy" }, { label: detail.goods_name }]} />
      <section className="sku-intro">
        <SkuGallery key={images.join(",")} images={images} name={name} fallback={defaultImages.goods} />
        <div className="sku-info">
          <h1 className="sku-info__name">
            <span className="sku-info__label">团购</span>
            {name}
          </h1>
          {detail.introduction && <p className="sku-info__intro">{detail.introduction}</p>}
          <div className="promo-banner">
            <strong className="promo-banner__title">{detail.groupbuy_name}</strong>
            {detail.status === 1 || detail.status === 2 ? (
              <GroupbuyEndsIn startTime={detail.start_time} endTime={detail.end_time} className="promo-banner__clock" />
            ) : (
              <span className="promo-banner__state">{detail.status_name}</span>
            )}
          </div>
          <div className="sku-price promo-price">
            <div className="sku-price__rows">
              <div className="sku-price__row">
                <span className="sku-label">团购价</span>
                <strong className="sku-price__value">
                  <small>¥</small>
                  {formatPrice(groupPrice)}
                </strong>
                {price > groupPrice && (
                  <span className="sku-price__market">
                    原价 <del>¥{formatPrice(price)}</del>
                  </span>
                )}
              </div>
              <div className="sku-price__row promo-price__window">
                <span className="sku-label">活动时间</span>
                <span>
                  {formatTime(detail.start_time, "YYYY-MM-DD HH:mm")} 至 {formatTime(detail.end_time, "YYYY-MM-DD HH:mm")}
                </span>
              </div>
            </div>
            <dl className="sku-price__stats">
              <div>
                <dt>已售</dt>
                <dd>{detail.sell_num}</dd>
              </div>
            </dl>
          </div>
          <SkuSpecs specs={specs} switching={false} onSelect={setSkuId} />
          <div className="sku-row sku-quantity">
            <span className="sku-label">数量</span>
            <QuantityStepper aria-label="购买数量" min={range.min} max={range.max} value={quantity} disabled={Boolean(blocker)} onChange={(value) => setWanted(clampQuantity(value, range))} />
            <span className="sku-quantity__stock">
              {unit}
              {range.available ? `（库存 ${sku?.stock ?? 0}${unit}）` : "（库存不足）"}
            </span>
            <span className="sku-quantity__limit">
              {detail.buy_num}
              {unit}起购
            </span>
            {detail.max_buy > 0 && (
              <span className="sku-quantity__limit">
                限购 {detail.max_buy}
                {unit}
              </span>
            )}
          </div>
          <div className="sku-actions">
            <button type="button" className="ui-button ui-button--primary ui-button--large" disabled={Boolean(blocker)} onClick={buyNow}>
              {blocker || "立即购买"}
            </button>
            {sku && (
              <Link className="ui-button ui-button--large promo-actions__goods" to={`/sku/${sku.sku_id}`}>
                查看商品详情
              </Link>
            )}
          </div>
        </div>
      </section>
    </div>
  );
}
