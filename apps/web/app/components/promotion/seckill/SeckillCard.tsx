import type { SeckillSlotState } from "@shop/contract";
import { Link } from "../../chrome/Link.tsx";
import { formatPrice } from "../../../lib/format.ts";
import { imageSize, imageUrl } from "../../../lib/image.ts";
import { goodsStateName, goodsStateNow, seckillPath, soldPercent, type SeckillCardItem } from "./seckill-goods.ts";

/**
 * A goods of a slot: picture, name, 秒杀价 over the struck original price, the sold bar and the
 * button (立即抢购 while its slot is on, 即将开始 before, 已抢光 once its pool is empty, 已结束).
 * Every state leads to the seckill's page, where the buying is done.
 */
export function SeckillCard({ item, slotState, fallbackImage }: { item: SeckillCardItem; slotState: SeckillSlotState; fallbackImage: string }) {
  const href = seckillPath(item.seckill_id);
  const state = goodsStateNow(item, slotState);
  const image = imageUrl(item.sku_image ? imageSize(item.sku_image, "mid") : fallbackImage);
  const percent = soldPercent(item.progress);
  return (
    <li className={`seckill-card is-${state.replace("_", "-")}`}>
      <Link className="seckill-card__picture" to={href} tabIndex={-1}>
        {image && <img src={image} alt={item.goods_name} loading="lazy" width={220} height={220} />}
        {state === "sold_out" && <span className="seckill-card__stamp">已抢光</span>}
      </Link>
      <Link className="seckill-card__name" to={href} title={item.goods_name}>
        {item.goods_name}
      </Link>
      <div className="seckill-card__prices">
        <span className="seckill-card__label">秒杀价</span>
        <strong className="seckill-card__price">
          <small>¥</small>
          {formatPrice(item.seckill_price)}
        </strong>
        <del className="seckill-card__original" aria-label={`原价 ¥${formatPrice(item.price)}`}>
          ¥{formatPrice(item.price)}
        </del>
      </div>
      <div className="seckill-card__progress">
        <span className="seckill-progress" role="progressbar" aria-label="已抢比例" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <span className="seckill-progress__bar" style={{ width: `${percent}%` }} />
        </span>
        <span className="seckill-card__sold">已抢 {percent}%</span>
      </div>
      <div className="seckill-card__foot">
        <span className="seckill-card__limit">{item.max_buy > 0 ? `每人限购 ${item.max_buy} 件` : `已抢 ${item.sale_num} 件`}</span>
        <Link className={`seckill-card__go is-${state.replace("_", "-")}`} to={href} aria-label={`${goodsStateName(state)}：${item.goods_name}`}>
          {goodsStateName(state)}
        </Link>
      </div>
    </li>
  );
}
