import { useMemo, useState } from "react";
import { SkuSpecs } from "../../sku/SkuSpecs.tsx";
import { clampQuantity } from "../../sku/sku-quantity.ts";
import { formatTime } from "../../../lib/format.ts";
import { PromotionPrice, PromotionQuantity, PromotionSkuPage } from "../PromotionSkuPage.tsx";
import { specChoice } from "../spec-choice.ts";
import { GroupbuyEndsIn } from "./GroupbuyEndsIn.tsx";
import { groupbuyBlocker, groupbuyQuantityRange, type GroupbuyPageData } from "./groupbuy-detail.ts";

/**
 * /promotion/groupbuy/{id}: the SKU page's buying column for a group buy — gallery, the group buy's
 * SKUs to choose among, 团购价 with the original price, the time window, the quantity starting at
 * buy_num (fewer cannot be chosen) and 立即购买, which hands the order-create data to
 * /promotion/groupbuy/payment (order-create-data.ts; a guest logs in first and goes on to it).
 */
export function GroupbuyPage({ detail, startSku }: { detail: GroupbuyPageData; startSku: number }) {
  const [skuId, setSkuId] = useState(startSku);
  const sku = detail.sku_list.find((item) => item.sku_id === skuId) ?? detail.sku_list[0];
  const specs = useMemo(() => specChoice(detail.goods_spec_format, detail.sku_list, skuId), [detail.goods_spec_format, detail.sku_list, skuId]);
  const range = groupbuyQuantityRange(detail.buy_num, sku?.stock ?? 0, detail.max_buy);
  const [wanted, setWanted] = useState(range.min);
  const quantity = clampQuantity(wanted, range);
  const blocker = sku ? groupbuyBlocker(detail, range) : "暂无可购买的规格";
  const unit = detail.unit || "件";
  const price = Number(sku?.price ?? detail.price) || 0;
  const groupPrice = Number(sku?.groupbuy_price ?? detail.groupbuy_price) || 0;

  return (
    <PromotionSkuPage
      kind="groupbuy"
      goods={detail}
      sku={sku}
      buyText={blocker || "立即购买"}
      order={sku && !blocker ? { kind: "groupbuy", groupbuy_id: detail.groupbuy_id, sku_id: sku.sku_id, num: quantity } : null}
    >
      {detail.introduction && <p className="sku-info__intro">{detail.introduction}</p>}
      <div className="promo-banner">
        <strong className="promo-banner__title">{detail.groupbuy_name}</strong>
        {detail.status === 1 || detail.status === 2 ? (
          <GroupbuyEndsIn startTime={detail.start_time} endTime={detail.end_time} className="promo-banner__clock" />
        ) : (
          <span className="promo-banner__state">{detail.status_name}</span>
        )}
      </div>
      <PromotionPrice kind="groupbuy" price={groupPrice} original={price} stats={[["已售", detail.sell_num]]}>
        <div className="sku-price__row promo-price__window">
          <span className="sku-label">活动时间</span>
          <span>
            {formatTime(detail.start_time, "YYYY-MM-DD HH:mm")} 至 {formatTime(detail.end_time, "YYYY-MM-DD HH:mm")}
          </span>
        </div>
      </PromotionPrice>
      <SkuSpecs specs={specs} switching={false} onSelect={setSkuId} />
      <PromotionQuantity range={range} value={quantity} disabled={Boolean(blocker)} onChange={setWanted}>
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
      </PromotionQuantity>
    </PromotionSkuPage>
  );
}
