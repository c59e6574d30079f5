import type { SeckillSlotState } from "@shop/contract";
import { Link } from "../../chrome/Link.tsx";
import { PromotionCard } from "../PromotionCard.tsx";
import { goodsStateName, goodsStateNow, seckillPath, soldPercent, type SeckillCardItem } from "./seckill-goods.ts";

/**
 * A goods of a slot: picture, name, 秒杀价 over the struck original price, the sold bar and the
 * button (立即抢购 while its slot is on, 即将开始 before, 已抢光 once its pool is empty, 已结束).
 * Every state leads to the seckill's page, where the buying is done.
 */
export function SeckillCard({ item, slotState, fallbackImage }: { item: SeckillCardItem; slotState: SeckillSlotState; fallbackImage: string }) {
  const href = seckillPath(item.seckill_id);
  const state = goodsStateNow(item, slotState);
  const stateClass = `is-${state.replace("_", "-")}`;
  const percent = soldPercent(item.progress);
  return (
    <PromotionCard
      kind="seckill" state={stateClass} href={href} item={item} promotionPrice={item.seckill_price} fallbackImage={fallbackImage}
      stamp={state === "sold_out" && <span className="seckill-card__stamp">已抢光</span>}
    >
      <div className="seckill-card__progress">
        <span className="seckill-progress" role="progressbar" aria-label="已抢比例" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <span className="seckill-progress__bar" style={{ width: `${percent}%` }} />
        </span>
        <span className="seckill-card__sold">已抢 {percent}%</span>
      </div>
      <div className="promo-card__foot">
        <span className="seckill-card__limit">{item.max_buy > 0 ? `每人限购 ${item.max_buy} 件` : `已抢 ${item.sale_num} 件`}</span>
        <Link className={`promo-card__go ${stateClass}`} to={href} aria-label={`${goodsStateName(state)}：${item.goods_name}`}>
          {goodsStateName(state)}
        </Link>
      </div>
    </PromotionCard>
  );
}
