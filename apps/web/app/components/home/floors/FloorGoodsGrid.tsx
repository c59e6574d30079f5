import type { FloorGoods } from "@shop/contract";
import { GoodsCard, type GoodsCardLayout } from "./GoodsCard.tsx";

interface FloorGoodsGridProps {
  goods: FloorGoods[];
  columns: number;
  layout?: GoodsCardLayout;
  className?: string;
}

/** Goods cards in a grid of `columns` equal columns. Nothing when there are no goods. */
export function FloorGoodsGrid({ goods, columns, layout = "vertical", className }: FloorGoodsGridProps) {
  if (goods.length === 0) return null;
  return (
    <ul className={`home-floor-grid ${className ?? ""}`.trim()} style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
      {goods.map((item) => (
        <li key={item.sku_id} className="home-floor-grid__cell">
          <GoodsCard goods={item} layout={layout} />
        </li>
      ))}
    </ul>
  );
}
