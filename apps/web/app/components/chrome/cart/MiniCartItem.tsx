import { Link } from "../Link.tsx";
import { formatYuan } from "@shop/contract/money";
import type { CartLine } from "@shop/contract";
import { imageSize, imageUrl } from "../../../lib/image.ts";
import { useGlobalData } from "../../../lib/global-data.ts";
import { specName, unitPriceCents } from "./cart-types.ts";

/** One line of the mini-cart: image, spec name, price × quantity, delete. */
export function MiniCartItem({ line, onDelete }: { line: CartLine; onDelete: (cartId: number) => void }) {
  const { defaultImages } = useGlobalData();
  const skuPath = `/sku/${line.sku_id}`;
  return (
    <li className="minicart-item">
      <Link to={skuPath} className="minicart-item-image">
        <img src={imageUrl(line.sku_image ? imageSize(line.sku_image, "mid") : defaultImages.goods)} alt={line.sku_name} width={50} height={50} loading="lazy" />
      </Link>
      <Link to={skuPath} className="minicart-item-name" title={line.sku_name}>
        {specName(line)}
      </Link>
      <div className="minicart-item-side">
        <span className="minicart-item-price">
          ¥{formatYuan(unitPriceCents(line))} × {line.num}
        </span>
        <button type="button" className="minicart-item-delete" onClick={() => onDelete(line.cart_id)}>
          删除
        </button>
      </div>
    </li>
  );
}
