import type { VerifyItem, VerifyRemark } from "@shop/contract";
import { imageSize, imageUrl } from "../../lib/image.ts";
import { formatPrice } from "../../lib/format.ts";
import { useGlobalData } from "../../lib/global-data.ts";

/** The goods a code is for (item_array): picture, name, unit price and quantity, as they were. */
export function VerifyGoods({ items }: { items: VerifyItem[] }) {
  const { defaultImages } = useGlobalData();
  return (
    <ul className="verify-goods">
      {items.map((item, index) => (
        <li key={`${item.name}-${index}`}>
          <img src={imageUrl(item.img ? imageSize(item.img, "small") : defaultImages.goods)} alt={item.name} width={64} height={64} loading="lazy" />
          <span className="verify-goods-name">{item.name}</span>
          <span className="verify-goods-price">¥{formatPrice(item.price)}</span>
          <span className="verify-goods-num">× {item.num}</span>
        </li>
      ))}
    </ul>
  );
}

/** The labelled lines about the order (remark_array): 订单编号, 联系人, 提货门店, 有效期… */
export function VerifyRemarks({ remarks, extra = [] }: { remarks: VerifyRemark[]; extra?: VerifyRemark[] }) {
  return (
    <dl className="verify-remarks">
      {[...remarks, ...extra].map((remark, index) => (
        <div key={`${remark.title}-${index}`}>
          <dt>{remark.title}</dt>
          <dd>{remark.value}</dd>
        </div>
      ))}
    </dl>
  );
}
