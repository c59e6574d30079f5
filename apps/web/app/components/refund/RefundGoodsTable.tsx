import { Link } from "../chrome/Link.tsx";
import { Checkbox } from "antd";
import type { RefundLine } from "@shop/contract";
import { formatPrice } from "../../lib/format.ts";
import { useGlobalData } from "../../lib/global-data.ts";
import { imageSize, imageUrl } from "../../lib/image.ts";
import { OrderGoodsImage } from "../order/OrderGoodsImage.tsx";
import { skuPath } from "../order/order-paths.ts";

type Line = Pick<RefundLine, "order_goods_id" | "sku_name" | "sku_image" | "spec_name" | "price" | "num"> & {
  /** without it the picture and name do not link to the SKU page */
  sku_id?: number;
  /** 实付 (a column shown when the lines have it) */
  real_goods_money?: string;
  /** 可退金额 (a column shown when the lines have it) */
  refund_money?: string;
};

interface Selection {
  chosen: ReadonlySet<number>;
  onChange: (chosen: Set<number>) => void;
}

/** The goods of the lines a refund is about: picture, name and spec, price × quantity, paid, and what may be refunded. */
export function RefundGoodsTable({ lines, selection }: { lines: Line[]; selection?: Selection }) {
  const { defaultImages } = useGlobalData();
  const showPaid = lines.some((line) => line.real_goods_money !== undefined);
  const showRefundable = lines.some((line) => line.refund_money !== undefined);
  const allChosen = selection ? lines.every((line) => selection.chosen.has(line.order_goods_id)) : false;
  const toggle = (orderGoodsId: number, on: boolean) => {
    if (!selection) return;
    const next = new Set(selection.chosen);
    if (on) next.add(orderGoodsId);
    else next.delete(orderGoodsId);
    selection.onChange(next);
  };
  return (
    <table className="refund-goods-table">
      <thead>
        <tr>
          {selection && (
            <th className="refund-goods-check">
              <Checkbox
                checked={allChosen}
                indeterminate={!allChosen && selection.chosen.size > 0}
                onChange={(event) => selection.onChange(new Set(event.target.checked ? lines.map((line) => line.order_goods_id) : []))}
                aria-label="全选"
              />
            </th>
          )}
          <th>商品</th>
          <th>单价</th>
          <th>数量</th>
          {showPaid && <th>实付</th>}
          {showRefundable && <th>可退金额</th>}
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.order_goods_id} data-order-goods-id={line.order_goods_id}>
            {selection && (
              <td className="refund-goods-check">
                <Checkbox
                  checked={selection.chosen.has(line.order_goods_id)}
                  onChange={(event) => toggle(line.order_goods_id, event.target.checked)}
                  aria-label={`选择 ${line.sku_name}`}
                />
              </td>
            )}
            <td>
              <div className="refund-goods-cell">
                {line.sku_id ? (
                  <OrderGoodsImage skuId={line.sku_id} image={line.sku_image} name={line.sku_name} size={60} />
                ) : (
                  <span className="order-goods-image" style={{ width: 60, height: 60 }}>
                    <img src={imageUrl(line.sku_image ? imageSize(line.sku_image, "small") : defaultImages.goods)} alt={line.sku_name} width={60} height={60} />
                  </span>
                )}
                <div className="refund-goods-text">
                  {line.sku_id ? (
                    <Link to={skuPath(line.sku_id)} className="refund-goods-name">
                      {line.sku_name}
                    </Link>
                  ) : (
                    <span className="refund-goods-name">{line.sku_name}</span>
                  )}
                  {line.spec_name && <span className="refund-goods-spec">{line.spec_name}</span>}
                </div>
              </div>
            </td>
            <td>¥{formatPrice(line.price)}</td>
            <td>× {line.num}</td>
            {showPaid && <td>{line.real_goods_money === undefined ? "" : `¥${formatPrice(line.real_goods_money)}`}</td>}
            {showRefundable && <td className="refund-money">{line.refund_money === undefined ? "" : `¥${formatPrice(line.refund_money)}`}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
