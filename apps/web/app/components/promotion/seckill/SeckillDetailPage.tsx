import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { SeckillDetail } from "@shop/contract";
import { SkuSpecs } from "../../sku/SkuSpecs.tsx";
import { clampQuantity } from "../../sku/sku-quantity.ts";
import { browserApi } from "../../../lib/api.ts";
import { countdownAt, useCountdownClock, windowStateAt } from "../countdown.ts";
import { PromotionPrice, PromotionQuantity, PromotionSkuPage } from "../PromotionSkuPage.tsx";
import { specChoice } from "../spec-choice.ts";
import { SeckillCountdown } from "./SeckillCountdown.tsx";
import { limitNote, SECKILL_BUTTON_TEXT, seckillButton, seckillQuantityRange } from "./seckill-detail.ts";
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
  const [detail, setDetail] = useState(initial);
  const clock = useCountdownClock(initial.current_time);
  const { sync } = clock;
  const [skuId, setSkuId] = useState(startSku);
  const sku = detail.sku_list.find((item) => item.sku_id === skuId) ?? detail.sku_list[0];
  const specs = useMemo(() => specChoice(detail.goods_spec_format, detail.sku_list, skuId), [detail.goods_spec_format, detail.sku_list, skuId]);
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
  const windowMoved = clock.live && detail.window.state !== "ended" && windowStateAt(detail.window, clock.now) !== detail.window.state;
  useEffect(() => {
    if (windowMoved && Date.now() - lastReload.current >= RELOAD_GAP_MS) void reload();
  }, [windowMoved, clock.now, reload]);

  const price = Number(sku?.price ?? detail.price) || 0;
  const seckillPrice = Number(sku?.seckill_price ?? detail.seckill_price) || 0;
  const percent = soldPercent(detail.progress);

  const buyable = sku && button === "running" && range.available;

  return (
    <PromotionSkuPage
      kind="seckill"
      goods={detail}
      sku={sku}
      buyText={SECKILL_BUTTON_TEXT[button]}
      order={buyable ? { kind: "seckill", seckill_id: detail.seckill_id, sku_id: sku.sku_id, num: quantity } : null}
      after={
        detail.goods_content && (
          <section className="seckill-content" aria-label="商品介绍">
            <h2 className="seckill-content__title">商品介绍</h2>
            {/* goods_content is sanitized by the server (core/sanitize.ts) */}
            <div className="sku-content" dangerouslySetInnerHTML={{ __html: detail.goods_content }} />
          </section>
        )
      }
    >
      <div className={`promo-banner seckill-banner is-${button === "upcoming" ? "upcoming" : button === "ended" ? "ended" : "running"}`}>
        <strong className="seckill-banner__title">
          限时秒杀
          {detail.window.slot_name && <span className="seckill-banner__slot">{detail.window.slot_name}</span>}
        </strong>
        {countdown ? <SeckillCountdown countdown={countdown} className="seckill-banner__clock" /> : <span className="promo-banner__state">已结束</span>}
      </div>
      <PromotionPrice kind="seckill" price={seckillPrice} original={price} stats={[["已抢", detail.sale_num], ["剩余", detail.stock]]}>
        <div className="sku-price__row seckill-price__progress">
          <span className="sku-label">已抢</span>
          <span className="seckill-progress" role="progressbar" aria-label="已抢比例" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <span className="seckill-progress__bar" style={{ width: `${percent}%` }} />
          </span>
          <span className="seckill-price__sold">{percent}%</span>
        </div>
      </PromotionPrice>
      <SkuSpecs specs={specs} switching={false} onSelect={setSkuId} />
      <PromotionQuantity range={range} value={quantity} disabled={!range.available || button !== "running"} onChange={setWanted}>
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
      </PromotionQuantity>
      {note && (
        <p className="seckill-limit-note" role="status">
          {note}
        </p>
      )}
    </PromotionSkuPage>
  );
}
