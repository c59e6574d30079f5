import { pageMeta } from "../../lib/page-meta.ts";
import { ComboPage } from "../../components/promotion/combo/ComboPage.tsx";
import { loadCombo } from "../../components/promotion/combo/combo-detail.ts";
import { groupbuyComboStyles, parsePromotionId, promotionNotFound } from "../../components/promotion/groupbuy/groupbuy-detail.ts";
import type { Route } from "./+types/combo";

export const links: Route.LinksFunction = groupbuyComboStyles;

/**
 * /promotion/combo/{id}: one combo, also upcoming, ended or closed (status says so; 立即购买 off).
 * Public and the same for every guest (page cache under the bundling and goods tags).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const blId = parsePromotionId(params.id);
  if (blId === null) throw promotionNotFound("组合套餐不存在");
  return { detail: await loadCombo(context.api, blId, request) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta(matches, `${loaderData.detail.bl_name} 组合套餐`, `套餐价 ¥${loaderData.detail.bl_price}，${loaderData.detail.bundling_goods.map((goods) => goods.goods_name).join(" + ")}`)
    : pageMeta(matches, "组合套餐不存在");

export default function ComboDetailPage({ loaderData }: Route.ComponentProps) {
  return <ComboPage key={loaderData.detail.bl_id} detail={loaderData.detail} />;
}
