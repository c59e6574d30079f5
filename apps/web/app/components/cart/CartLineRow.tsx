import { Link } from "../chrome/Link.tsx";
import { Checkbox } from "antd";
import { centsFromWire, formatYuan, type CartLine } from "@shop/contract";
import { lineTotalCents, unitPriceCents } from "../chrome/cart/cart-types.ts";
import { CartLineImage } from "./CartLineImage.tsx";
import { CartQuantity } from "./CartQuantity.tsx";
import { useConfirm } from "./useConfirm.ts";
import { isSelectable, specText } from "./cart-page-state.ts";

interface CartLineRowProps {
  line: CartLine;
  selected: boolean;
  onSelect: (cartId: number, on: boolean) => void;
  onChangeQuantity: (cartId: number, num: number) => Promise<boolean>;
  onDelete: (cartIds: number[]) => Promise<void>;
}

/** One buyable line: tick, picture, name and spec, unit price, quantity, subtotal, delete. */
export function CartLineRow({ line, selected, onSelect, onChangeQuantity, onDelete }: CartLineRowProps) {
  const unit = unitPriceCents(line);
  const listed = centsFromWire(line.discount_price);
  const skuPath = `/sku/${line.sku_id}`;
  const spec = specText(line.sku_spec_format);
  const confirm = useConfirm();
  return (
    <li className={`cart-row${selected ? " is-selected" : ""}`}>
      <div className="cart-col cart-col--check">
        <Checkbox
          aria-label={`选择 ${line.sku_name}`}
          checked={selected}
          disabled={!isSelectable(line)}
          onChange={(event) => onSelect(line.cart_id, event.target.checked)}
        />
      </div>
      <div className="cart-col cart-col--goods">
        <Link to={skuPath} className="cart-row__image">
          <CartLineImage line={line} />
        </Link>
        <div className="cart-row__text">
          <Link to={skuPath} className="cart-row__name" title={line.sku_name}>
            {line.sku_name}
          </Link>
          {spec && <p className="cart-row__spec">{spec}</p>}
        </div>
      </div>
      <div className="cart-col cart-col--price">
        <span className="cart-row__price">¥{formatYuan(unit)}</span>
        {unit < listed && <del className="cart-row__listed">¥{formatYuan(listed)}</del>}
      </div>
      <div className="cart-col cart-col--num">
        <CartQuantity line={line} onChange={(num) => onChangeQuantity(line.cart_id, num)} />
      </div>
      <div className="cart-col cart-col--subtotal">
        <strong className="cart-row__subtotal">¥{formatYuan(lineTotalCents(line))}</strong>
      </div>
      <div className="cart-col cart-col--action">
        <button type="button" className="cart-link" onClick={() => confirm("确定要删除该商品吗？", "删除", () => onDelete([line.cart_id]))}>
          删除
        </button>
      </div>
    </li>
  );
}
