import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "../../chrome/Link.tsx";
import { ServerMarkup } from "../../ui/ServerMarkup.tsx";
import { browserApi } from "../../../lib/api.ts";
import { formatPrice } from "../../../lib/format.ts";
import { useGlobalData } from "../../../lib/global-data.ts";
import { imageSize, imageUrl } from "../../../lib/image.ts";
import { SeckillCountdown } from "./SeckillCountdown.tsx";
import { countdownAt, windowStateAt } from "../countdown.ts";
import { useSeckillClock } from "./use-seckill-clock.ts";
import { seckillPath, soldPercent } from "./seckill-goods.ts";
import { loadSeckillStrip, type SeckillStrip, type StripGoods } from "./seckill-strip.ts";

/** A reload waits at least this long after the previous one. */
const RELOAD_GAP_MS = 2000;

/**
 * The home page's 限时秒杀 strip: the slot on now (or the next today) with its countdown by the
 * server's clock, its first goods (秒杀价, original price, sold share; server markup, see
 * seckill-strip.ts) and 更多秒杀 to /promotion/seckill. When the slot ends (or starts) the strip
 * asks for the slots again and shows the next slot's goods.
 */
export function HomeSeckill({ strip: initial }: { strip: SeckillStrip }) {
  const [strip, setStrip] = useState<SeckillStrip | null>(initial);
  const clock = useSeckillClock(initial.currentTime);
  const { sync } = clock;
  const lastReload = useRef(0);

  const reload = useCallback(async () => {
    lastReload.current = Date.now();
    try {
      const fresh = await loadSeckillStrip(browserApi, true);
      if (fresh) sync(fresh.currentTime);
      setStrip(fresh);
    } catch {
      // The strip keeps what it shows; the next tick past the boundary asks again.
    }
  }, [sync]);

  const moved = clock.live && strip !== null && windowStateAt(strip.slot, clock.now) !== strip.slot.state;
  useEffect(() => {
    if (moved && Date.now() - lastReload.current >= RELOAD_GAP_MS) void reload();
  }, [moved, clock.now, reload]);

  if (!strip) return null;
  const countdown = countdownAt(strip.slot, clock.now);
  return (
    <section className="home-seckill" aria-labelledby="home-seckill-title">
      <header className="home-seckill__head">
        <h2 id="home-seckill-title">限时秒杀</h2>
        <span>{`${strip.slot.start_time_text} 场 ${countdown?.label === "距开始" ? "即将开始" : "抢购中"}`}</span>
        {countdown && <SeckillCountdown countdown={countdown} />}
        <Link className="home-seckill__more" to="/promotion/seckill">
          更多秒杀 ›
        </Link>
      </header>
      <ServerMarkup className="home-seckill__goods">{strip.goods.value && <StripList goods={strip.goods.value} />}</ServerMarkup>
    </section>
  );
}

/** The goods: compact markup (the home page's HTML has a budget), styled through the list's class. */
function StripList({ goods }: { goods: StripGoods[] }) {
  const { defaultImages } = useGlobalData();
  return (
    <ul>
      {goods.map((item) => {
        const image = imageUrl(item.sku_image ? imageSize(item.sku_image, "mid") : defaultImages.goods);
        const soldOut = item.state === "sold_out" || item.stock <= 0;
        return (
          <li key={item.seckill_id} className={soldOut ? "is-sold-out" : undefined}>
            <Link to={seckillPath(item.seckill_id)}>
              {image && <img src={image} alt="" loading="lazy" width={150} height={150} />}
              <span>{item.goods_name}</span>
              <b>{`¥${formatPrice(item.seckill_price)}`}</b> <del>{`¥${formatPrice(item.price)}`}</del>
              <i>{soldOut ? "已抢光" : `已抢 ${soldPercent(item.progress)}%`}</i>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
