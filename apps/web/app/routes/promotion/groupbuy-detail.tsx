import { pageMeta } from "../../lib/page-meta.ts";
import { GroupbuyPage } from "../../components/promotion/groupbuy/GroupbuyPage.tsx";
import { groupbuyComboStyles, loadGroupbuy, parsePromotionId, promotionNotFound, startSkuId } from "../../components/promotion/groupbuy/groupbuy-detail.ts";
import type { Route } from "./+types/groupbuy-detail";

export const links: Route.LinksFunction = groupbuyComboStyles;

/**
 * /promotion/groupbuy/{id}: one group buy, also upcoming, ended or closed (its status says so and
 * 立即购买 is off). Public and the same for every guest (page cache, groupbuy and goods tags);
 * ?sku_id= picks the SKU it starts on (the way back from login).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const groupbuyId = parsePromotionId(params.id);
  if (groupbuyId === null) throw promotionNotFound("团购活动不存在");
  const detail = await loadGroupbuy(context.api, groupbuyId, request);
  return { detail, startSku: startSkuId(detail, new URL(request.url).searchParams.get("sku_id")) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta(matches, `${loaderData.detail.goods_name} 团购`, `团购价 ¥${loaderData.detail.groupbuy_price} 起，${loaderData.detail.buy_num}件起购。${loaderData.detail.introduction}`.trim())
    : pageMeta(matches, "团购活动不存在");

export default function GroupbuyDetailPage({ loaderData }: Route.ComponentProps) {
  return <GroupbuyPage key={loaderData.detail.groupbuy_id} detail={loaderData.detail} startSku={loaderData.startSku} />;
}
