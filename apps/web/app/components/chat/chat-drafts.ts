import type { GoodsSkuInfo, OrderDetail } from "@shop/contract";
import type { ChatDraft } from "./chat-launcher.ts";

/** The SKU shown on its page, as a card to send (goods_id of say = this sku_id). */
export function goodsDraft(sku: Pick<GoodsSkuInfo, "sku_id" | "sku_name" | "sku_image" | "discount_price">): ChatDraft {
  return { content_type: 1, goods: { sku_id: sku.sku_id, sku_name: sku.sku_name, sku_image: sku.sku_image, price: sku.discount_price } };
}

/** The member's order on its detail page, as a card to send. */
export function orderDraft(order: OrderDetail): ChatDraft {
  const { order_id, order_no, order_name, order_status_name, delivery_type_name, order_money, create_time } = order;
  return {
    content_type: 2,
    order: {
      order_id, order_no, order_name, order_status_name, delivery_type_name, order_money, create_time,
      order_goods: order.order_goods.map((line) => ({ sku_image: line.sku_image })),
    },
  };
}
