import type { FloorGoods } from "@shop/contract";
import { useGlobalData } from "../../../lib/global-data.ts";
import { GoodsCard, type GoodsCardLayout } from "./GoodsCard.tsx";

interface FloorGoodsGridProps {
  goods: FloorGoods[];
  columns: number;
  layout?: GoodsCardLayout;
  className?: string;
}

/** Goods cards in a grid of `columns` equal columns (the card layout is the grid's). Nothing when there are no goods. */
export function FloorGoodsGrid({ goods, columns, layout = "vertical", className }: FloorGoodsGridProps) {
  const { defaultImages } = useGlobalData();
  if (goods.length === 0) return null;
  return (
    <ul className={`home-floor-grid home-floor-grid--${layout} home-floor-grid--${columns} ${className ?? ""}`.trim()}>
      {goods.map((item) => (
        <li key={item.sku_id}>
          <GoodsCard goods={item} withIntro={layout === "vertical"} fallbackImage={defaultImages.goods} />
        </li>
      ))}
    </ul>
  );
}
