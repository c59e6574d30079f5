import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { SeckillDetail } from "@shop/contract";
import { Link } from "../../chrome/Link.tsx";
import { BrowseCrumbs } from "../../category/BrowseCrumbs.tsx";
import { SkuGallery } from "../../sku/SkuGallery.tsx";
import { SkuSpecs } from "../../sku/SkuSpecs.tsx";
import { splitImages } from "../../sku/sku-images.ts";
import { clampQuantity } from "../../sku/sku-quantity.ts";
import { QuantityStepper } from "../../ui/QuantityStepper.tsx";
import { browserApi } from "../../../lib/api.ts";
import { formatPrice } from "../../../lib/format.ts";
import { useGlobalData } from "../../../lib/global-data.ts";
import { goToPromotionPayment } from "../order-create-data.ts";
import { SeckillCountdown } from "./SeckillCountdown.tsx";
import { countdownAt, slotStateAt, useServerClock } from "./seckill-clock.ts";
import { limitNote, SECKILL_BUTTON_TEXT, seckillButton, seckillQuantityRange, seckillSpecs } from "./seckill-detail.ts";
import { soldPercent } from "./seckill-goods.ts";

/** A reload waits at least this long after the previous one. */
const RELOAD_GAP_MS = 2000;

/**
 * /promotion/seckill/{id}: the SKU page's buying column for a seckill — gallery, the seckill's SKUs
 * to choose among, 秒杀价 over the original price, the window's countdown (to its end while on, to
 * its start before), the per-member limit and the pool left, and 立即抢购, which hands the
 * order-create data to /promotion/seckill/payment (a guest logs in first and goes on to it).
 * Outside its window the button says 即将开始 / 已结束, an empty pool 已抢光. The clock is the
 * server's; when the window opens or closes the seckill is asked for again (its next window).
 */
export function SeckillDetailPage({ detail: initial, startSku }: { detail: SeckillDetail; startSku: number }) {
  const { member, defaultImages } = useGlobalData();
  const navigate = useNavigate();
  const [detail, setDetail] = useState(initial);
  const clock = useServerClock(initial.current_time);
  const { sync } = clock;
  const [skuId, setSkuId] = useState(startSku);
  const sku = detail.sku_list.find((item) => item.sku_id === skuId) ?? detail.sku_list[0];
  const specs = useMemo(() => seckillSpecs(detail.sku_list, skuId), [detail.sku_list, skuId]);
  const unit = detail.unit || "件";
  const range = seckillQuantityRange(sku?.stock ?? 0, detail.max_buy, detail.member_bought);
  const [wanted, setWanted] = useState(1);
  const quantity = clampQuantity(wanted, range);
  const button = seckillButton(detail, sku?.stock ?? 0, clock.now);
  const countdown = detail.status === 1 && detail.window.state !== "ended" ? countdownAt(detail.window, clock.now) : null;
  const note = limitNote(detail.max_buy, detail.member_bought, unit);
  const lastReload = useRef(0);

  const reload = useCallback(async () => {
    lastReload.current = Date.now();
    try {
      const fresh = await browserApi.call("/seckill/api/seckillgoods/detail", { seckill_id: initial.seckill_id });
      sync(fresh.current_time);
      setDetail(fresh);
    } catch {
      // The page keeps what it has; the next boundary (or a reload) asks again.
    }
  }, [sync, initial.seckill_id]);

  // The page may come from the guests' page cache: a fresh answer sets the clock (and the pool).
  useEffect(() => {
    void reload();
  }, [reload]);

  // The window opened or closed by the clock: the seckill again (its state, its next window).
  const windowMoved = clock.live && detail.window.state !== "ended" && slotStateAt(detail.window, clock.now) !== detail.window.state;
  useEffect(() => {
    if (windowMoved && Date.now() - lastReload.current >= RELOAD_GAP_MS) void reload();
  }, [windowMoved, clock.now, reload]);

  const goodsImages = splitImages(detail.goods_image);
  const images = sku?.sku_image ? [sku.sku_image, ...goodsImages.filter((image) => image !== sku.sku_image)] : goodsImages;
  const name = sku?.sku_name || detail.goods_name;
  const price = Number(sku?.price ?? detail.price) || 0;
  const seckillPrice = Number(sku?.seckill_price ?? detail.seckill_price) || 0;
  const percent = soldPercent(detail.progress);

  const buyNow = () => {
    if (!sku || button !== "running" || !range.available) return;
    goToPromotionPayment(navigate, { kind: "seckill", seckill_id: detail.seckill_id, sku_id: sku.sku_id, num: quantity }, member !== null);
  };

  return (
    <div className="sku-page seckill-detail shop-container">
      <BrowseCrumbs items={[{ label: "秒杀", to: "/promotion/seckill" }, { label: detail.goods_name }]} />
      <section className="sku-intro">
        <SkuGallery key={images.join(",")} images={images} name={name} fallback={defaultImages.goods} />
        <div className="sku-info">
          <h1 className="sku-info__name">
            <span className="sku-info__label">秒杀</span>
            {name}
          </h1>
          <div className={`seckill-banner is-${button === "upcoming" ? "upcoming" : button === "ended" ? "ended" : "running"}`}>
            <strong className="seckill-banner__title">
              限时秒杀
              {detail.window.slot_name && <span className="seckill-banner__slot">{detail.window.slot_name}</span>}
            </strong>
            {countdown ? <SeckillCountdown countdown={countdown} className="seckill-banner__clock" /> : <span className="seckill-banner__state">已结束</span>}
          </div>
          <div className="sku-price seckill-price">
            <div className="sku-price__rows">
              <div className="sku-price__row">
                <span className="sku-label">秒杀价</span>
                <strong className="sku-price__value">
                  <small>¥</small>
                  {formatPrice(seckillPrice)}
                </strong>
                {price > seckillPrice && (
                  <span className="sku-price__market">
                    原价 <del>¥{formatPrice(price)}</del>
                  </span>
                )}
              </div>
              <div className="sku-price__row seckill-price__progress">
                <span className="sku-label">已抢</span>
                <span className="seckill-progress" role="progressbar" aria-label="已抢比例" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
                  <span className="seckill-progress__bar" style={{ width: `${percent}%` }} />
                </span>
                <span className="seckill-price__sold">{percent}%</span>
              </div>
            </div>
            <dl className="sku-price__stats">
              <div>
                <dt>已抢</dt>
                <dd>{detail.sale_num}</dd>
              </div>
              <div>
                <dt>剩余</dt>
                <dd>{detail.stock}</dd>
              </div>
            </dl>
          </div>
          <SkuSpecs specs={specs} switching={false} onSelect={setSkuId} />
          <div className="sku-row sku-quantity">
            <span className="sku-label">数量</span>
            <QuantityStepper
              aria-label="购买数量"
              min={range.min}
              max={range.max}
              value={quantity}
              disabled={!range.available || button !== "running"}
              onChange={(value) => setWanted(clampQuantity(value, range))}
            />
            <span className="sku-quantity__stock">
              {unit}（秒杀库存剩余 {sku?.stock ?? 0}
              {unit}）
            </span>
            {detail.max_buy > 0 && (
              <span className="sku-quantity__limit">
                每人限购 {detail.max_buy}
                {unit}
              </span>
            )}
          </div>
          {note && (
            <p className="seckill-limit-note" role="status">
              {note}
            </p>
          )}
          <div className="sku-actions">
            <button type="button" className="ui-button ui-button--primary ui-button--large seckill-actions__buy" disabled={button !== "running" || !range.available} onClick={buyNow}>
              {SECKILL_BUTTON_TEXT[button]}
            </button>
            {sku && (
              <Link className="ui-button ui-button--large seckill-actions__goods" to={`/sku/${sku.sku_id}`}>
                查看商品详情
              </Link>
            )}
          </div>
        </div>
      </section>
      {detail.goods_content && (
        <section className="seckill-content" aria-label="商品介绍">
          <h2 className="seckill-content__title">商品介绍</h2>
          {/* goods_content is sanitized by the server (core/sanitize.ts) */}
          <div className="sku-content" dangerouslySetInnerHTML={{ __html: detail.goods_content }} />
        </section>
      )}
    </div>
  );
}
