import uiCss from "../../styles/ui.css?url";
import promotionCss from "../../styles/promotion.css?url";
import seckillCss from "../../styles/seckill.css?url";
import { useLoadFailureToast } from "../../components/home/useLoadFailureToast.ts";
import { SECKILL_PAGE_SIZE, SeckillListPage } from "../../components/promotion/seckill/SeckillListPage.tsx";
import { pickSlotId } from "../../components/promotion/seckill/seckill-slots.ts";
import { seckillCardItem } from "../../components/promotion/seckill/seckill-goods.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { settleCall } from "../../lib/site-closed.ts";
import type { Route } from "./+types/seckill";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: uiCss },
  { rel: "stylesheet", href: promotionCss },
  { rel: "stylesheet", href: seckillCss },
];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "限时秒杀", "每日多场限时秒杀，整点开抢，超值好物限量抢购。");

const positiveOf = (value: string | null, max: number): number | null => {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number >= 1 && number <= max ? number : null;
};

/**
 * /promotion/seckill (?time_id= a slot, ?page=): the day's slots and one slot's goods (public, default
 * layout, no antd). The same for every guest: the page cache keeps it under the seckill tag, which
 * every slot boundary, sell-out and staff change purges; the page's clock corrects what a cached copy
 * says (components/promotion/seckill/SeckillListPage.tsx).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const wanted = positiveOf(query.get("time_id"), 2_147_483_647);
  const page = positiveOf(query.get("page"), 1000) ?? 1;
  const lists = await settleCall(context.api.call("/seckill/api/seckill/lists"), request);
  const slots = lists.data?.list ?? [];
  const currentId = lists.data?.current_id ?? 0;
  const selectedId = pickSlotId(slots, currentId, wanted);
  const goods = selectedId
    ? await settleCall(context.api.call("/seckill/api/seckillgoods/page", { seckill_time_id: selectedId, page, page_size: SECKILL_PAGE_SIZE }), request)
    : null;
  return {
    slots,
    currentId,
    currentTime: goods?.data?.current_time ?? lists.data?.current_time ?? Math.floor(Date.now() / 1000),
    selectedId,
    chosen: wanted !== null && wanted === selectedId,
    page,
    goods: goods?.data ? { count: goods.data.count, list: goods.data.list.map(seckillCardItem) } : { count: 0, list: [] },
    error: lists.error || goods?.error || "",
  };
}

export default function SeckillPage({ loaderData }: Route.ComponentProps) {
  useLoadFailureToast(loaderData.error ? [loaderData.error] : []);
  // Another slot or page (a new answer) starts the page afresh.
  return <SeckillListPage key={`${loaderData.selectedId}:${loaderData.page}:${loaderData.currentTime}`} data={loaderData} />;
}
