import type { ChatGoodsCard, ChatOrderCard } from "@shop/contract/domains/chat";
import { formatPrice } from "../../lib/format.ts";
import { imageSize, imageUrl } from "../../lib/image.ts";
import { documentHref } from "../../lib/links.ts";
import { useGlobalData } from "../../lib/global-data.ts";
import { orderDetailPath } from "../order/order-paths.ts";

/** At most this many goods pictures on an order card. */
const ORDER_PICTURES = 4;

/** A goods picture's small size, or the shop's default goods picture when it has none. */
function useGoodsPicture() {
  const fallback = useGlobalData().defaultImages.goods;
  return (path: string) => imageUrl(path ? imageSize(path, "small") : fallback);
}

/**
 * A goods card: picture, name and price, linking to the SKU page. Links open a new tab, so the
 * conversation stays where it is.
 */
export function GoodsCard({ goods }: { goods: Pick<ChatGoodsCard, "sku_id" | "sku_name" | "sku_image" | "price"> }) {
  const picture = useGoodsPicture();
  return (
    <a className="chat-card chat-card--goods" href={documentHref(`/sku/${goods.sku_id}`)} target="_blank" rel="noopener">
      <img className="chat-card__image" src={picture(goods.sku_image)} alt="" width={60} height={60} />
      <span className="chat-card__body">
        <span className="chat-card__title">{goods.sku_name}</span>
        <span className="chat-card__price">¥{formatPrice(goods.price)}</span>
      </span>
    </a>
  );
}

/** An order card: number, goods pictures, amount and status, linking to the member's order page. */
export function OrderCard({ order }: { order: ChatOrderCard }) {
  const picture = useGoodsPicture();
  return (
    <a className="chat-card chat-card--order" href={documentHref(orderDetailPath(order.order_id, 1))} target="_blank" rel="noopener">
      <span className="chat-card__row">
        <span className="chat-card__label">订单号：{order.order_no}</span>
        <span className="chat-card__status">{order.order_status_name}</span>
      </span>
      <span className="chat-card__pictures">
        {order.order_goods.slice(0, ORDER_PICTURES).map((line, index) => (
          <img key={index} src={picture(line.sku_image)} alt="" width={40} height={40} />
        ))}
        {order.order_goods.length > ORDER_PICTURES && <span className="chat-card__more">等{order.order_goods.length}件</span>}
      </span>
      <span className="chat-card__row">
        <span className="chat-card__label">{order.order_name}</span>
        <span className="chat-card__price">¥{formatPrice(order.order_money)}</span>
      </span>
    </a>
  );
}
