import uiCss from "../../styles/ui.css?url";
import skuCss from "../../styles/sku.css?url";
import skuDetailCss from "../../styles/sku-detail.css?url";
import promotionCss from "../../styles/promotion.css?url";
import seckillCss from "../../styles/seckill.css?url";
import { pageMeta } from "../../lib/page-meta.ts";
import { parsePromotionId, promotionNotFound } from "../../components/promotion/groupbuy/groupbuy-detail.ts";
import { SeckillDetailPage } from "../../components/promotion/seckill/SeckillDetailPage.tsx";
import { loadSeckill, startSkuId } from "../../components/promotion/seckill/seckill-detail.ts";
import type { Route } from "./+types/seckill-detail";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: uiCss },
  { rel: "stylesheet", href: skuCss },
  { rel: "stylesheet", href: skuDetailCss },
  { rel: "stylesheet", href: promotionCss },
  { rel: "stylesheet", href: seckillCss },
];

/**
 * /promotion/seckill/{id}: one seckill, also before its window or after it (立即抢购 is then off).
 * Public: a guest's page is the same for every guest (page cache, seckill and goods tags); a member's
 * carries what they already bought of it. ?sku_id= picks the SKU it starts on.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const seckillId = parsePromotionId(params.id);
  if (seckillId === null) throw promotionNotFound("秒杀活动不存在");
  const detail = await loadSeckill(context.api, seckillId, request);
  return { detail, startSku: startSkuId(detail, new URL(request.url).searchParams.get("sku_id")) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta(
        matches,
        `${loaderData.detail.goods_name} 限时秒杀`,
        `秒杀价 ¥${loaderData.detail.seckill_price}（原价 ¥${loaderData.detail.price}）${loaderData.detail.max_buy > 0 ? `，每人限购 ${loaderData.detail.max_buy} 件` : ""}。`,
      )
    : pageMeta(matches, "秒杀活动不存在");

export default function SeckillDetailRoute({ loaderData }: Route.ComponentProps) {
  return <SeckillDetailPage key={loaderData.detail.seckill_id} detail={loaderData.detail} startSku={loaderData.startSku} />;
}
