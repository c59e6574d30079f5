import type { OrderListItem } from "@shop/contract";
import { Link } from "../chrome/Link.tsx";

type OrderPromotion = Pick<OrderListItem, "promotion_type" | "promotion_type_name" | "promotion_id">;

const PROMOTION_PAGES: Record<string, string> = { seckill: "/promotion/seckill", groupbuy: "/promotion/groupbuy", bundling: "/promotion/combo" };

/** The page of the promotion an order was bought at ("" for an ordinary order, or an unknown kind). */
export function orderPromotionPath(order: OrderPromotion): string {
  const base = PROMOTION_PAGES[order.promotion_type];
  return base && order.promotion_id > 0 ? `${base}/${order.promotion_id}` : "";
}

/**
 * The promotion of an order as a tag (秒杀 / 拼团 / 组合套餐), nothing for an ordinary order. With
 * `link`, the tag leads to the promotion's page (the order detail).
 */
export function OrderPromotionTag({ order, link = false }: { order: OrderPromotion; link?: boolean }) {
  if (!order.promotion_type || !order.promotion_type_name) return null;
  const path = link ? orderPromotionPath(order) : "";
  return path ? (
    <Link className="order-promotion-tag" to={path} title={`查看${order.promotion_type_name}活动`}>
      {order.promotion_type_name}
    </Link>
  ) : (
    <span className="order-promotion-tag">{order.promotion_type_name}</span>
  );
}
