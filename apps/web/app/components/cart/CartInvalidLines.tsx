import { Button } from "antd";
import type { CartLine } from "@shop/contract";
import { CartLineImage } from "./CartLineImage.tsx";
import { INVALID_LABELS, specText } from "./cart-page-state.ts";
import { useConfirm } from "./useConfirm.ts";

interface CartInvalidLinesProps {
  lines: CartLine[];
  onDelete: (cartIds: number[]) => Promise<void>;
  onClear: () => Promise<void>;
}

/** Lines that cannot be bought (deleted, off shelf, sold out), listed apart with 清空失效商品. */
export function CartInvalidLines({ lines, onDelete, onClear }: CartInvalidLinesProps) {
  const confirm = useConfirm();
  return (
    <section className="cart-invalid" aria-label="失效商品">
      <header className="cart-invalid__head">
        <h2>
          失效商品 <span>{lines.length}</span> 件
        </h2>
        <Button size="small" onClick={() => confirm("确定清空所有失效商品吗？", "清空", onClear)}>
          清空失效商品
        </Button>
      </header>
      <ul className="cart-invalid__list">
        {lines.map((line) => {
          const spec = specText(line.sku_spec_format);
          return (
            <li key={line.cart_id} className="cart-row is-invalid">
              <div className="cart-col cart-col--check">
                <span className="cart-invalid__tag">失效</span>
              </div>
              <div className="cart-col cart-col--goods">
                <span className="cart-row__image">
                  <CartLineImage line={line} />
                </span>
                <div className="cart-row__text">
                  <span className="cart-row__name">{line.sku_name || "该商品已不存在"}</span>
                  {spec && <p className="cart-row__spec">{spec}</p>}
                </div>
              </div>
              <div className="cart-col cart-col--reason">{line.invalid_type ? INVALID_LABELS[line.invalid_type] : ""}</div>
              <div className="cart-col cart-col--action">
                <button type="button" className="cart-link" onClick={() => confirm("确定要删除该商品吗？", "删除", () => onDelete([line.cart_id]))}>
                  删除
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
