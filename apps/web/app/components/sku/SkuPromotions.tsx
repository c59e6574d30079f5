import { useEffect, useState } from "react";
import { Link } from "../chrome/Link.tsx";
import { browserApi } from "../../lib/api.ts";
import { formatPrice, formatTime } from "../../lib/format.ts";
import { imageSize, imageUrl } from "../../lib/image.ts";
import { seckillLine, type SkuComboItem, type SkuGroupbuyLine, type SkuSeckillLine } from "./sku-promotions.ts";

interface SkuPromotionLinesProps {
  /** the SKU shown now (a spec switch changes it without reloading the page's data) */
  skuId: number;
  /** the seckill of the SKU the page was loaded for */
  initialSeckill: SkuSeckillLine | null;
  initialSkuId: number;
  groupbuy: SkuGroupbuyLine | null;
  /** the goods has several SKUs: the group-buy price is the lowest (起) */
  hasSpecs: boolean;
}

/**
 * The promotion price lines under the price: 秒杀价 with its slot (a link to the seckill) and 团购价
 * with the minimum (a link to the group buy). A spec switch asks the browser for the new SKU's seckill.
 */
export function SkuPromotionLines({ skuId, initialSeckill, initialSkuId, groupbuy, hasSpecs }: SkuPromotionLinesProps) {
  const [switched, setSwitched] = useState<{ skuId: number; seckill: SkuSeckillLine | null } | null>(null);
  useEffect(() => {
    if (skuId === initialSkuId) return;
    let current = true;
    browserApi.call("/seckill/api/seckillgoods/info", { sku_id: skuId }).then(
      (info) => current && setSwitched({ skuId, seckill: seckillLine(info) }),
      () => current && setSwitched({ skuId, seckill: null }),
    );
    return () => {
      current = false;
    };
  }, [skuId, initialSkuId]);
  const seckill = skuId === initialSkuId ? initialSeckill : switched?.skuId === skuId ? switched.seckill : null;
  if (!seckill && !groupbuy) return null;
  return (
    <div className="sku-promo-lines">
      {seckill && (
        <div className="sku-promo-line" data-testid="sku-seckill-line">
          <span className="sku-promo-line__tag">秒杀</span>
          <span className="sku-label">秒杀价</span>
          <strong className="sku-promo-line__price">¥{formatPrice(seckill.seckill_price)}</strong>
          <span className="sku-promo-line__note">
            {seckill.slot_name}
            {seckill.state === "upcoming" && seckill.start_at > 0
              ? ` ${formatTime(seckill.start_at, "MM-DD HH:mm")} 开抢`
              : seckill.state === "running"
                ? " 抢购中"
                : ` ${seckill.state_name}`}
          </span>
          <Link className="sku-promo-line__link" to={`/promotion/seckill/${seckill.seckill_id}`}>
            去秒杀 ›
          </Link>
        </div>
      )}
      {groupbuy && (
        <div className="sku-promo-line" data-testid="sku-groupbuy-line">
          <span className="sku-promo-line__tag">团购</span>
          <span className="sku-label">团购价</span>
          <strong className="sku-promo-line__price">
            ¥{formatPrice(groupbuy.groupbuy_price)}
            {hasSpecs ? " 起" : ""}
          </strong>
          <span className="sku-promo-line__note">{groupbuy.buy_num}件起购</span>
          <Link className="sku-promo-line__link" to={`/promotion/groupbuy/${groupbuy.groupbuy_id}`}>
            去团购 ›
          </Link>
        </div>
      )}
    </div>
  );
}

/** 组合套餐: the running combos holding this goods, each with its goods' pictures, price and saving. */
export function SkuCombos({ combos, fallbackImage }: { combos: SkuComboItem[]; fallbackImage: string }) {
  if (combos.length === 0) return null;
  return (
    <section className="sku-combos" aria-labelledby="sku-combos-title">
      <h2 className="sku-combos__title" id="sku-combos-title">
        组合套餐
      </h2>
      <ul className="sku-combos__list">
        {combos.map((combo) => (
          <li className="sku-combo" key={combo.bl_id}>
            <ul className="sku-combo__goods" aria-label={`${combo.bl_name}的商品`}>
              {combo.goods.map((goods) => {
                const image = imageUrl(goods.sku_image ? imageSize(goods.sku_image, "small") : fallbackImage);
                return (
                  <li key={goods.goods_id} title={goods.num > 1 ? `${goods.goods_name} × ${goods.num}` : goods.goods_name}>
                    {image && <img src={image} alt={goods.goods_name} width={64} height={64} loading="lazy" />}
                  </li>
                );
              })}
            </ul>
            <div className="sku-combo__text">
              <span className="sku-combo__name">{combo.bl_name}</span>
              <span className="sku-combo__price">
                套餐价 ¥{formatPrice(combo.bl_price)}
                {Number(combo.save_money) > 0 && <span className="sku-combo__saving">立省 ¥{formatPrice(combo.save_money)}</span>}
              </span>
            </div>
            <Link className="sku-combo__link" to={`/promotion/combo/${combo.bl_id}`} aria-label={`查看套餐：${combo.bl_name}`}>
              查看套餐
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
