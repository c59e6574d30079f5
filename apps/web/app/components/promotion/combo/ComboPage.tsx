import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import type { BundlingDetail, BundlingGoods } from "@shop/contract";
import { Link } from "../../chrome/Link.tsx";
import { BrowseCrumbs } from "../../category/BrowseCrumbs.tsx";
import { SkuSpecs } from "../../sku/SkuSpecs.tsx";
import { clampQuantity } from "../../sku/sku-quantity.ts";
import { QuantityStepper } from "../../ui/QuantityStepper.tsx";
import { centsFromWire, formatYuan, multiplyCents } from "@shop/contract/money";
import { formatPrice, formatTime } from "../../../lib/format.ts";
import { imageSize, imageUrl } from "../../../lib/image.ts";
import { useGlobalData } from "../../../lib/global-data.ts";
import { specChoice } from "../spec-choice.ts";
import { GroupbuyEndsIn } from "../groupbuy/GroupbuyEndsIn.tsx";
import { goToPromotionPayment } from "../order-create-data.ts";
import { chosenSku, chosenSkuIds, comboBlocker, comboTotals, defaultChoice, type ComboChoice } from "./combo-detail.ts";

function ComboGoods({ goods, choice, onChoose, fallbackImage }: { goods: BundlingGoods; choice: ComboChoice; onChoose: (skuId: number) => void; fallbackImage: string }) {
  const sku = chosenSku(goods, choice);
  const skuId = sku?.sku_id ?? goods.sku_id;
  const specs = useMemo(() => specChoice(goods.goods_spec_format, goods.sku_list, skuId), [goods.goods_spec_format, goods.sku_list, skuId]);
  const picture = sku?.sku_image || goods.sku_image;
  const image = imageUrl(picture ? imageSize(picture, "mid") : fallbackImage);
  const unit = goods.unit || "件";
  return (
    <li className="combo-goods" data-goods-id={goods.goods_id} aria-label={goods.goods_name}>
      <Link className="combo-goods__picture" to={`/sku/${skuId}`} tabIndex={-1}>
        {image && <img src={image} alt={goods.goods_name} loading="lazy" width={160} height={160} />}
      </Link>
      <div className="combo-goods__info">
        <Link className="combo-goods__name" to={`/sku/${skuId}`} title={sku?.sku_name || goods.goods_name}>
          {sku?.sku_name || goods.goods_name}
        </Link>
        <div className="combo-goods__price">
          ¥{formatPrice(sku?.price ?? goods.price)}
          <span className="combo-goods__num">
            × {goods.num}
            {unit}/套
          </span>
          {sku && sku.stock <= 0 && <span className="combo-goods__out">暂时缺货</span>}
        </div>
        <SkuSpecs specs={specs} switching={false} onSelect={onChoose} />
      </div>
    </li>
  );
}

/**
 * /promotion/combo/{id}: a package — its goods with pictures and a spec choice each, the package
 * price, 原价合计 of the chosen SKUs and 立省, the number of packages — and 立即购买, which hands
 * {bl_id, sku_ids, num} to /promotion/combo/payment (order-create-data.ts; a guest logs in first).
 */
export function ComboPage({ detail }: { detail: BundlingDetail }) {
  const { member, defaultImages } = useGlobalData();
  const navigate = useNavigate();
  const [choice, setChoice] = useState<ComboChoice>(() => defaultChoice(detail.bundling_goods));
  const totals = comboTotals(detail, choice);
  const range = { min: 1, max: Math.max(1, totals.packages), available: totals.packages >= 1 };
  const [wanted, setWanted] = useState(1);
  const packages = clampQuantity(wanted, range);
  const blocker = comboBlocker(detail, totals);

  const buyNow = () => {
    if (blocker) return;
    // A guest logs in first and comes back to the payment page with the same choice.
    goToPromotionPayment(navigate, { kind: "combo", bl_id: detail.bl_id, sku_ids: chosenSkuIds(detail.bundling_goods, choice), num: packages }, member !== null);
  };

  return (
    <div className="combo-page shop-container">
      <BrowseCrumbs items={[{ label: "组合套餐" }, { label: detail.bl_name }]} />
      <section className="combo-page__main">
        <header className="combo-page__head">
          <h1 className="combo-page__title">
            <span className="sku-info__label">组合套餐</span>
            {detail.bl_name}
          </h1>
          {detail.status === 1 || detail.status === 2 ? (
            <GroupbuyEndsIn startTime={detail.start_time} endTime={detail.end_time} className="combo-page__clock" />
          ) : (
            <span className="promo-banner__state">{detail.status_name}</span>
          )}
          <span className="combo-page__window">
            活动时间 {formatTime(detail.start_time, "YYYY-MM-DD HH:mm")} 至 {formatTime(detail.end_time, "YYYY-MM-DD HH:mm")}
          </span>
        </header>
        <div className="combo-page__body">
          <ol className="combo-page__goods" aria-label="套餐商品">
            {detail.bundling_goods.map((goods) => (
              <ComboGoods
                key={goods.goods_id}
                goods={goods}
                choice={choice}
                fallbackImage={defaultImages.goods}
                onChoose={(skuId) => setChoice((current) => ({ ...current, [goods.goods_id]: skuId }))}
              />
            ))}
          </ol>
          <aside className="combo-page__buy" aria-label="套餐价格">
            <div className="combo-page__price">
              <span className="combo-page__label">套餐价</span>
              <strong>
                <small>¥</small>
                {formatPrice(detail.bl_price)}
              </strong>
            </div>
            <div className="combo-page__original">
              原价合计 <del>¥{formatYuan(totals.original)}</del>
            </div>
            {totals.saving > 0 && <div className="combo-page__saving">立省 ¥{formatYuan(totals.saving)}</div>}
            <div className="combo-page__quantity">
              <span className="combo-page__label">套餐数量</span>
              <QuantityStepper aria-label="套餐数量" min={range.min} max={range.max} value={packages} disabled={Boolean(blocker)} onChange={(value) => setWanted(clampQuantity(value, range))} />
            </div>
            {packages > 1 && <div className="combo-page__total">合计 ¥{formatYuan(multiplyCents(centsFromWire(detail.bl_price), packages))}</div>}
            <button type="button" className="ui-button ui-button--primary ui-button--large combo-page__submit" disabled={Boolean(blocker)} onClick={buyNow}>
              {blocker || "立即购买"}
            </button>
            <p className="combo-page__sold">已售 {detail.sell_num} 套</p>
          </aside>
        </div>
      </section>
    </div>
  );
}
