import { useCallback, useEffect, useRef, useState } from "react";
import type { SeckillSlot } from "@shop/contract";
import { Link } from "../../chrome/Link.tsx";
import { BrowseCrumbs } from "../../category/BrowseCrumbs.tsx";
import { UrlPagination } from "../../common/UrlPagination.tsx";
import { Empty } from "../../ui/Empty.tsx";
import { browserApi } from "../../../lib/api.ts";
import { useGlobalData } from "../../../lib/global-data.ts";
import { SeckillCard } from "./SeckillCard.tsx";
import { SeckillCountdown } from "./SeckillCountdown.tsx";
import { seckillCardItem, type SeckillCardItem } from "./seckill-goods.ts";
import { countdownAt, windowStateAt } from "../countdown.ts";
import { useSeckillClock } from "./use-seckill-clock.ts";
import { pickSlotId } from "./seckill-slots.ts";

/** Goods per page of a slot: five rows of four. */
export const SECKILL_PAGE_SIZE = 20;

/** What the route's loader gives the page. */
export interface SeckillListData {
  slots: SeckillSlot[];
  currentId: number;
  /** the server's unix seconds of the answers */
  currentTime: number;
  selectedId: number;
  /** true when the query chose the slot (?time_id=): it stays chosen when another slot starts */
  chosen: boolean;
  page: number;
  goods: { count: number; list: SeckillCardItem[] };
  error: string;
}

/** A reload waits at least this long after the previous one (a clock a little ahead of the server's). */
const RELOAD_GAP_MS = 2000;

export const slotHref = (slotId: number) => `/promotion/seckill?time_id=${slotId}`;

/**
 * /promotion/seckill: the day's slots (抢购中 highlighted, 即将开始, 已结束), the chosen slot's
 * countdown (to its end while on, to its start before) and its goods. Server-rendered with the
 * answers' server time; once hydrated the countdown runs by the server's clock, and when a slot
 * starts or ends the page asks for the slots again (the slot on now is then chosen, unless the query
 * chose one) and for the chosen slot's goods.
 */
export function SeckillListPage({ data }: { data: SeckillListData }) {
  const { defaultImages } = useGlobalData();
  const clock = useSeckillClock(data.currentTime);
  const [slots, setSlots] = useState(data.slots);
  const [selectedId, setSelectedId] = useState(data.selectedId);
  const [goods, setGoods] = useState(data.goods);
  const [error, setError] = useState(data.error);
  const lastReload = useRef(0);
  const { sync } = clock;

  const reload = useCallback(async () => {
    lastReload.current = Date.now();
    try {
      const fresh = await browserApi.call("/seckill/api/seckill/lists");
      sync(fresh.current_time);
      const nextId = pickSlotId(fresh.list, fresh.current_id, data.chosen ? data.selectedId : null);
      const page = nextId === data.selectedId ? data.page : 1;
      const nextGoods = nextId ? await browserApi.call("/seckill/api/seckillgoods/page", { seckill_time_id: nextId, page, page_size: SECKILL_PAGE_SIZE }) : null;
      if (nextGoods) sync(nextGoods.current_time);
      setSlots(fresh.list);
      setSelectedId(nextId);
      setGoods(nextGoods ? { count: nextGoods.count, list: nextGoods.list.map(seckillCardItem) } : { count: 0, list: [] });
      setError("");
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "秒杀场次加载失败");
    }
  }, [sync, data.chosen, data.selectedId, data.page]);

  // A slot started or ended by the clock: the slots (and the chosen slot's goods) again.
  const stale = clock.live && slots.some((slot) => windowStateAt(slot, clock.now) !== slot.state);
  useEffect(() => {
    if (stale && Date.now() - lastReload.current >= RELOAD_GAP_MS) void reload();
  }, [stale, clock.now, reload]);

  const selected = slots.find((slot) => slot.id === selectedId);
  const selectedState = selected ? windowStateAt(selected, clock.now) : "ended";
  const countdown = selected ? countdownAt(selected, clock.now) : null;

  return (
    <div className="seckill-page shop-container">
      <BrowseCrumbs items={[{ label: "秒杀" }]} />
      <header className="seckill-page__head">
        <h1 className="seckill-page__title">限时秒杀</h1>
        <span className="seckill-page__subtitle">每日多场，整点开抢，好物限量秒杀</span>
      </header>
      {slots.length === 0 ? (
        <Empty className="seckill-page__empty" description={error || "今日暂无秒杀场次，过几天再来看看吧"} />
      ) : (
        <>
          <nav className="seckill-slots" aria-label="秒杀场次">
            <ul>
              {slots.map((slot) => {
                const state = windowStateAt(slot, clock.now);
                const isSelected = slot.id === selectedId;
                return (
                  <li key={slot.id}>
                    <Link
                      to={slotHref(slot.id)}
                      className={`seckill-slot is-${state}${isSelected ? " is-selected" : ""}`}
                      aria-current={isSelected ? "true" : undefined}
                    >
                      <strong className="seckill-slot__time">{slot.start_time_text}</strong>
                      <span className="seckill-slot__state">{stateName(state)}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          {selected && (
            <div className={`seckill-bar is-${selectedState}`}>
              <span className="seckill-bar__name">
                {selected.name}
                <span className="seckill-bar__window">
                  {selected.start_time_text} - {selected.end_time_text}
                </span>
              </span>
              <span className="seckill-bar__state">{selectedState === "running" ? "抢购中，先下单先得哦" : selectedState === "upcoming" ? "即将开始，敬请期待" : "本场已结束"}</span>
              {countdown && <SeckillCountdown countdown={countdown} className="seckill-bar__countdown" />}
            </div>
          )}
          {goods.list.length === 0 ? (
            <Empty className="seckill-page__empty" description={error || "本场暂无秒杀商品，看看其他场次吧"} />
          ) : (
            <ul className="seckill-page__grid" aria-label={selected ? `${selected.name}的秒杀商品` : "秒杀商品"}>
              {goods.list.map((item) => (
                <SeckillCard key={item.seckill_id} item={item} slotState={selectedState} fallbackImage={defaultImages.goods} />
              ))}
            </ul>
          )}
          <UrlPagination className="seckill-page__pagination" page={data.page} pageSize={SECKILL_PAGE_SIZE} total={goods.count} />
        </>
      )}
    </div>
  );
}

const stateName = (state: "running" | "upcoming" | "ended") => ({ running: "抢购中", upcoming: "即将开始", ended: "已结束" })[state];
