import { Link } from "../chrome/Link.tsx";
import type { OrderEvaluateLine } from "@shop/contract";
import { formatPrice } from "../../lib/format.ts";
import { OrderGoodsImage } from "../order/OrderGoodsImage.tsx";
import { skuPath } from "../order/order-paths.ts";

/** The goods of a line being evaluated: picture, name (to the SKU page), spec, price × quantity. */
export function EvaluateLineHead({ line }: { line: OrderEvaluateLine }) {
  return (
    <div className="evaluate-line-head">
      <OrderGoodsImage skuId={line.sku_id} image={line.sku_image} name={line.sku_name} size={96} />
      <Link to={skuPath(line.sku_id)} className="evaluate-line-name" title={line.sku_name}>
        {line.sku_name}
      </Link>
      {line.spec_name && <span className="evaluate-line-spec">{line.spec_name}</span>}
      <span className="evaluate-line-price">
        ¥{formatPrice(line.price)} × {line.num}
      </span>
    </div>
  );
}
