import type { CheckoutGoodsLine } from "@shop/contract";
import { formatPrice } from "../../lib/format.ts";
import { imageSize, imageUrl } from "../../lib/image.ts";
import { useGlobalData } from "../../lib/global-data.ts";
import { CheckoutSection } from "./CheckoutSection.tsx";

/** 商品清单: each line with its picture, the price the member pays, quantity and subtotal. */
export function GoodsSection({ lines, isVirtual }: { lines: CheckoutGoodsLine[]; isVirtual: boolean }) {
  const { defaultImages } = useGlobalData();
  return (
    <CheckoutSection title="商品清单" className="checkout-goods">
      {isVirtual && <p className="checkout-notice">虚拟商品无需收货地址，支付成功后凭核销码到店使用。</p>}
      <div className="checkout-goods__head">
        <span>商品</span>
        <span>单价</span>
        <span>数量</span>
        <span>小计</span>
      </div>
      <ul className="checkout-goods__list">
        {lines.map((line) => (
          <li key={line.sku_id} className="checkout-goods__row">
            <a className="checkout-goods__item" href={`/web/sku/${line.sku_id}`} target="_blank" rel="noreferrer">
              <img src={imageUrl(line.sku_image ? imageSize(line.sku_image, "mid") : defaultImages.goods)} alt={line.sku_name} loading="lazy" />
              <span className="checkout-goods__name">{line.sku_name}</span>
            </a>
            <span className="checkout-goods__price">
              ¥{formatPrice(line.price)}
              {line.price !== line.discount_price && <del>¥{formatPrice(line.discount_price)}</del>}
            </span>
            <span>× {line.num}</span>
            <span className="checkout-goods__subtotal">¥{formatPrice(line.goods_money)}</span>
          </li>
        ))}
      </ul>
    </CheckoutSection>
  );
}
